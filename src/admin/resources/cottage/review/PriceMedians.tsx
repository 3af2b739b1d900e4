import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../../../../shared/format';
import { useFormat } from '../../../components/formats';
import type { DeskFacts, Median } from '../../../providers/reviewApi';

const T = 'resources.cottage.review.facts';

/** How far a price is from a median, as a share (0.12 = 12 % above), or null without a median. */
export function shareFromMedian(value: number, median: number | null | undefined): number | null {
  if (!median || median <= 0 || !Number.isFinite(value)) return null;
  return (value - median) / median;
}

/** "12 % above the median" in the user's language; within half a percent it is "at the median". */
function useMedianText() {
  const translate = useTranslate();
  const { locale } = useFormat();
  return (share: number | null) => {
    if (share === null) return null;
    if (Math.abs(share) < 0.005) return translate(`${T}.same`);
    const pct = formatNumber(Math.abs(share), locale, { style: 'percent', maximumFractionDigits: 0 });
    return translate(`${T}.${share > 0 ? 'above' : 'below'}`, { pct });
  };
}

/** A median line: its label, the median price and how far the cottage's price is from it. */
const MedianRow = ({ label, median, value, field }: { label: string; median: Median; value: number; field: 'price' | 'priceWeekend' }) => {
  const format = useFormat();
  const text = useMedianText();
  const middle = median[field];
  const share = shareFromMedian(value, middle);
  if (middle === null) return null;
  const color = share === null || Math.abs(share) < 0.25 ? 'default' : share > 0 ? 'warning' : 'info';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {label}: {format.price(middle)}
      </Typography>
      {share !== null && <Chip size="small" color={color} label={text(share)} />}
    </Stack>
  );
};

/** The price and the weekend price, each beside the medians of the cottage's region and of each of its types. */
export const PriceMedians = ({ price, priceWeekend, medians }: { price: number; priceWeekend: number; medians?: DeskFacts['medians'] }) => {
  const translate = useTranslate();
  const format = useFormat();
  const rows = (value: number, field: 'price' | 'priceWeekend') => {
    const list = [
      ...(medians?.region?.count && medians.region[field] !== null ? [{ key: 'region', label: translate(`${T}.region_median`, { count: medians.region.count }), median: medians.region }] : []),
      ...(medians?.types ?? []).filter((m) => m.count > 0 && m[field] !== null).map((m) => ({ key: m.id, label: translate(`${T}.type_median`, { name: m.name, count: m.count }), median: m })),
    ];
    if (!medians) return null;
    if (!list.length) return <Typography variant="body2" color="text.secondary">{translate(`${T}.no_median`)}</Typography>;
    return list.map((m) => <MedianRow key={m.key} label={m.label} median={m.median} value={value} field={field} />);
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }} data-testid="review-prices">
      {(
        [
          ['price', price],
          ['priceWeekend', priceWeekend],
        ] as const
      ).map(([field, value]) => (
        <Box key={field}>
          <Typography variant="overline">{translate(`${T}.${field === 'price' ? 'price' : 'weekend'}`)}</Typography>
          <Typography variant="h5" component="p" sx={{ mb: 0.5 }}>
            {format.price(value)}
          </Typography>
          {rows(value, field)}
        </Box>
      ))}
    </Box>
  );
};
