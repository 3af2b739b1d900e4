import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Typography } from '@mui/material';
import { Title, useResourceContext, useTranslate } from 'react-admin';

/** Stands in for a screen not rebuilt yet, so a link never leads to a blank page. */
export const ComingSoon = ({ titleKey }: { titleKey?: string }) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const title = titleKey ? translate(titleKey) : translate(`resources.${resource}.name`, { smart_count: 2 });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <ConstructionIcon color="disabled" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {title} · {translate('app.coming_soon.title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.coming_soon.text')}</Typography>
      </CardContent>
    </Card>
  );
};
