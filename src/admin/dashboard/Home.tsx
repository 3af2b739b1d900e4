import CommentIcon from '@mui/icons-material/Comment';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import type { Stats } from '../providers/apiExtras';
import { useStats } from '../providers/useStats';
import { modules } from '../resources/modules';
import { StatTile } from './StatTile';

interface Tile {
  stat: keyof Stats;
  label: string;
  to: string;
  color: string;
  icon: SvgIconComponent;
}

const TILES: Tile[] = [
  { stat: 'users', label: 'app.home.users', to: 'user', color: '#2e7d32', icon: modules.user.icon },
  { stat: 'cottages', label: 'app.home.cottages', to: 'cottage', color: '#f9a825', icon: modules.cottage.icon },
  { stat: 'languages', label: 'app.home.languages', to: 'language', color: '#1565c0', icon: modules.language.icon },
  { stat: 'regions', label: 'app.home.regions', to: 'region', color: '#00838f', icon: modules.region.icon },
  { stat: 'places', label: 'app.home.places', to: 'place', color: '#c62828', icon: modules.place.icon },
  { stat: 'comforts', label: 'app.home.comforts', to: 'comfort', color: '#546e7a', icon: modules.comfort.icon },
  { stat: 'notifications', label: 'app.home.notifications', to: 'notification', color: '#33803a', icon: CommentIcon },
];

/** The home page: one tile per resource the user may list, with its count from `GET /stats`. */
export const Home = () => {
  const translate = useTranslate();
  const { data, isError } = useStats();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.menu.home')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.home.title')}
      </Typography>
      {isError && <Typography color="text.secondary">{translate('app.stats.unavailable')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {TILES.filter((t) => data?.[t.stat] !== undefined).map((t) => (
          <StatTile key={t.stat} {...t} label={translate(t.label)} count={data?.[t.stat] ?? 0} />
        ))}
      </Box>
    </Box>
  );
};
