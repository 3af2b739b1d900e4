import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { Link, useBasename, useTranslate } from 'react-admin';

const T = 'resources.cottage.review';

/** The way back to the moderation queue. */
export const BackToQueue = ({ variant = 'text' }: { variant?: 'text' | 'contained' }) => {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Button component={Link} to={`${basename}/progress-cottages`} variant={variant}>
      {translate(`${T}.back`)}
    </Button>
  );
};

export const DeskEmpty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="review-empty">
      <Typography variant="h5" component="h2" gutterBottom>
        {translate(`${T}.empty`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(`${T}.empty_text`)}
      </Typography>
      <BackToQueue variant="contained" />
    </Box>
  );
};

export const DeskLoading = () => {
  const translate = useTranslate();
  return (
    <Box aria-busy data-testid="review-loading">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${T}.loading`)}
      </Typography>
      <Skeleton variant="rectangular" height={360} sx={{ mb: 2 }} />
      <Skeleton height={40} />
      <Skeleton height={40} />
    </Box>
  );
};

export const DeskError = ({ error, onRetry }: { error: string | null; onRetry(): void }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {translate('ra.action.refresh')}
        </Button>
      }
    >
      {translate(`${T}.claim_failed`, { error: translate(error ?? 'app.error.generic', { _: error ?? '' }) })}
    </Alert>
  );
};
