import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StatsSeries } from '../../shared/schemas/stats-series';
import type { AppDataProvider } from '../providers/dataProvider';

const COLORS: Record<string, string> = {
  submitted: '#1565c0',
  confirmed: '#2e7d32',
  rejected: '#c62828',
  progress: '#f9a825',
  success: '#2e7d32',
  cancelled: '#c62828',
};
const HEIGHT = 300;
/**
 * The series in their order, checked against the schema's keys. Type imports only: a value shared with the login page
 * (the enums) would make the bundler put this chunk's shared modules into the login bundle.
 */
const MODERATION_SERIES = ['submitted', 'confirmed', 'rejected'] as const satisfies readonly (keyof NonNullable<StatsSeries['moderation']>)[];
const ORDER_STATUSES = ['progress', 'success', 'cancelled'] as const satisfies readonly (keyof NonNullable<StatsSeries['orders']>)[];
const total = (series: Record<string, number[]>) => Object.values(series).flat().reduce((a, b) => a + b, 0);

/** One chart under its level-two heading, or the empty state when its 30 days hold nothing. */
const ChartCard = ({ id, title, empty, children }: { id: string; title: string; empty: boolean; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={id} className="HomeChart">
      <CardContent>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {empty ? (
          <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }} className="HomeChart-empty">
            {translate('app.charts.empty')}
          </Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
};

/**
 * The home charts from `GET /stats/series` (one call): the moderation flow and the orders per day by status over the
 * last 30 days. Loaded lazily by the home page, so the chart library stays out of the login bundle.
 */
const HomeCharts = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, isError } = useQuery<StatsSeries>({ queryKey: ['stats', 'series'], queryFn: () => dataProvider.statsSeries(), retry: false });
  if (isPending) return <CircularProgress aria-label={translate('app.charts.loading')} sx={{ mt: 3 }} />;
  if (isError) return <Alert severity="warning" sx={{ mt: 3 }}>{translate('app.charts.unavailable')}</Alert>;
  const labels = data.days.map((d) => d.label);
  const xAxis = [{ scaleType: 'band' as const, data: labels }];
  // Counts of cottages and orders: whole ticks only (no "0.5 orders" on the axis).
  const yAxis = [{ tickMinStep: 1 }];
  const { moderation, orders } = data;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {moderation && (
        <ChartCard id="chart-moderation" title={translate('app.charts.moderation')} empty={total(moderation) === 0}>
          {/* Daily counts are separate quantities: bars side by side, never a curve that invents values between days. */}
          <BarChart
            height={HEIGHT}
            xAxis={xAxis}
            yAxis={yAxis}
            series={MODERATION_SERIES.map((k) => ({
              data: moderation[k],
              label: translate(k === 'submitted' ? 'app.charts.submitted' : `app.status.${k}`),
              color: COLORS[k],
            }))}
          />
        </ChartCard>
      )}
      {orders && (
        <ChartCard id="chart-orders" title={translate('app.charts.orders')} empty={total(orders) === 0}>
          <BarChart
            height={HEIGHT}
            xAxis={xAxis}
            yAxis={yAxis}
            series={ORDER_STATUSES.map((k) => ({ data: orders[k], label: translate(`app.status.${k}`), stack: 'orders', color: COLORS[k] }))}
          />
        </ChartCard>
      )}
    </Box>
  );
};

export default HomeCharts;
