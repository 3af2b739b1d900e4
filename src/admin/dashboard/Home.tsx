import { Box, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useStats } from '../providers/useStats';
import { moduleEntries } from '../resources/modules';
import { StatTile } from './StatTile';

/** The charts bring their library with them: loaded only when the home page is shown, never with the login page. */
const HomeCharts = lazy(() => import('./HomeCharts'));

/** The modules' home tiles, in their order. */
const TILES = moduleEntries
  .flatMap(([to, m]) => (m.tile ? [{ to, ...m.tile, label: `resources.${to}.tile`, icon: m.tile.icon ?? m.icon }] : []))
  .sort((a, b) => a.order - b.order);

/** The home page: one tile per resource the user may list, with its count from `GET /stats`, and the 30-day charts. */
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
      <Suspense fallback={null}>
        <HomeCharts />
      </Suspense>
    </Box>
  );
};
