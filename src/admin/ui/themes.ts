import { grey, red } from '@mui/material/colors';
import type { Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// The original panel's sidebar colour, kept so administrators recognise their tool.
const BRAND = '#2b2a4c';

// Wide enough for "Jarayondagi kottejlar" with its "+N" badge.
const sidebar = { width: 290, closedWidth: 55 };

// Accessibility (WCAG 2.x AA, checked by e2e/specs/a11y.e2e.ts): MUI picks each colour's text (white or dark) only
// when it reaches 4.5:1, instead of its default 3:1; so e.g. the orange "warning" badge gets dark text.
const contrastThreshold = 4.5;

/**
 * On a laptop (900–1535 px) the open menu is narrower, its long entries wrapping onto two lines: the lists need the
 * width (1366 px is the common office screen). Wider screens keep the full width.
 */
const LAPTOP_SIDEBAR = 240;
const laptopSidebar = {
  RaSidebar: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({
        [theme.breakpoints.between('md', 'xl')]: { '&.RaSidebar-open .MuiPaper-root': { width: LAPTOP_SIDEBAR } },
      }),
    },
  },
  RaMenu: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.between('md', 'xl')]: { '&.RaMenu-open': { width: LAPTOP_SIDEBAR } } }),
    },
  },
};

/** Form toolbars (Save / Delete): a shade further from the text than react-admin's grey, so the red Delete reads at 4.5:1. */
const toolbar = (backgroundColor: string) => ({ RaToolbar: { styleOverrides: { root: { backgroundColor } } } });

/**
 * react-admin's row checkbox puts its "Select this row" label on the checkbox's span, where it is not allowed, and
 * leaves the input itself unnamed (axe `aria-prohibited-attr`, `label`): move a checkbox's label onto its input.
 */
type Labelled = { 'aria-label'?: string };
const checkbox = {
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: (owner: Labelled) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
        input: (owner: Labelled) => (owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
      },
    },
  },
};

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  sidebar,
  palette: { ...defaultLightTheme.palette, contrastThreshold, primary: { main: BRAND }, secondary: { main: '#3f51b5' } },
  components: { ...defaultLightTheme.components, ...toolbar(grey[100]), ...checkbox, ...laptopSidebar },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  sidebar,
  palette: {
    ...defaultDarkTheme.palette,
    contrastThreshold,
    primary: { main: '#9fa8da' },
    // red[200] instead of MUI's red[500]: the Delete text reaches 4.5:1 on the toolbar, on cards and in list rows.
    error: { main: red[200] },
  },
  components: { ...defaultDarkTheme.components, ...toolbar(grey[900]), ...checkbox, ...laptopSidebar },
};
