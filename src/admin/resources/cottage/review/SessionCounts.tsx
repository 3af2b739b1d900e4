import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { averageSeconds, decidedOf, type SessionStats } from './sessionStats';

const T = 'resources.cottage.review.session';

/** The moderator's session on this tab: decided, approved, rejected, seconds per cottage. */
export const SessionCounts = ({ stats }: { stats: SessionStats }) => {
  const translate = useTranslate();
  const average = averageSeconds(stats);
  const items: [string, string | number][] = [
    ['decided', decidedOf(stats)],
    ['approved', stats.approved],
    ['rejected', stats.rejected],
    ['average', average === null ? '–' : translate(`${T}.seconds`, { n: average })],
  ];
  return (
    <Box component="dl" data-testid="review-session" sx={{ display: 'flex', gap: { xs: 1.5, sm: 3 }, m: 0, flexWrap: 'wrap' }}>
      {items.map(([key, value]) => (
        <Box key={key} data-testid={`review-session-${key}`}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {translate(`${T}.${key}`)}
          </Typography>
          <Typography component="dd" variant="subtitle1" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
