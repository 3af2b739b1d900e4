import { Box, IconButton, Paper, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';

const T = 'resources.cottage.review';
const ROWS: [string, string][] = [
  ['A', 'approve'],
  ['R', 'reject'],
  ['S', 'skip'],
  ['J / K', 'photos'],
  ['E', 'edit'],
  ['1–9', 'digits'],
  ['?', 'help'],
];

/** The desk's keys (`?`): a panel over the page, not a modal, so `?` and Escape close it again. */
export const HelpOverlay = ({ onClose }: { onClose(): void }) => {
  const translate = useTranslate();
  return (
    <Paper elevation={8} role="region" aria-label={translate(`${T}.help_title`)} data-testid="review-help" sx={{ position: 'fixed', right: 16, top: 72, zIndex: 1300, p: 2, maxWidth: 360 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate(`${T}.help_title`)}
        </Typography>
        <IconButton size="small" aria-label={translate('ra.action.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
        {ROWS.map(([key, what]) => (
          <Box key={what} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {key}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {translate(`${T}.help_keys.${what}`)}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
};
