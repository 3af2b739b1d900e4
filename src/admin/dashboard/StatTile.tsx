import type { SvgIconComponent } from '@mui/icons-material';
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import { Link } from 'react-router-dom';
import { useBasename, useLocaleState } from 'react-admin';
import { formatNumber } from '../../shared/format';

interface Props {
  label: string;
  count: number;
  to: string;
  color: string;
  icon: SvgIconComponent;
}

/** White text where it reaches WCAG AA's 4.5:1 on the tile's colour, dark text otherwise (e.g. on amber). */
const textOn = (background: string) => (getContrastRatio(background, '#fff') >= 4.5 ? '#fff' : 'rgba(0, 0, 0, 0.87)');

/** One home tile: the whole card links to the resource's list. */
export const StatTile = ({ label, count, to, color, icon: Icon }: Props) => {
  const basename = useBasename();
  const [locale] = useLocaleState();
  return (
    <Card sx={{ bgcolor: color, color: textOn(color) }} data-testid={`tile-${to}`}>
      <CardActionArea component={Link} to={`${basename}/${to}`}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <div>
            <Typography variant="subtitle1" component="p">
              {label}
            </Typography>
            <Typography variant="h4" component="p" fontWeight={700}>
              {formatNumber(count, locale)}
            </Typography>
          </div>
          <Icon sx={{ fontSize: 48, opacity: 0.8 }} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
