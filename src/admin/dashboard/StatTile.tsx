import type { SvgIconComponent } from '@mui/icons-material';
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useBasename } from 'react-admin';

interface Props {
  label: string;
  count: number;
  to: string;
  color: string;
  icon: SvgIconComponent;
}

/** One home tile: the whole card links to the resource's list. */
export const StatTile = ({ label, count, to, color, icon: Icon }: Props) => {
  const basename = useBasename();
  return (
    <Card sx={{ bgcolor: color, color: '#fff' }} data-testid={`tile-${to}`}>
      <CardActionArea component={Link} to={`${basename}/${to}`}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <div>
            <Typography variant="subtitle1">{label}</Typography>
            <Typography variant="h4" component="p" fontWeight={700}>
              {count}
            </Typography>
          </div>
          <Icon sx={{ fontSize: 48, opacity: 0.8 }} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
