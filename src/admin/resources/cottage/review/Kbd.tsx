import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** A key's hint on a button ("A", "J"); hidden from screen readers, which get the button's name. */
export const Kbd = ({ children }: { children: ReactNode }) => (
  <Box
    component="kbd"
    aria-hidden
    sx={{
      fontFamily: 'monospace',
      fontSize: '0.75rem',
      lineHeight: 1.4,
      px: 0.6,
      mx: 0.5,
      border: 1,
      borderColor: 'currentColor',
      borderRadius: 0.5,
      opacity: 0.8,
      // Phones have no keyboard: the hint is noise there.
      display: { xs: 'none', md: 'inline-block' },
    }}
  >
    {children}
  </Box>
);
