import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// The original panel's sidebar colour, kept so administrators recognise their tool.
const BRAND = '#2b2a4c';

// Wide enough for "Jarayondagi e'lonlar" with its "+N" badge.
const sidebar = { width: 290, closedWidth: 55 };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  sidebar,
  palette: { ...defaultLightTheme.palette, primary: { main: BRAND }, secondary: { main: '#3f51b5' } },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  sidebar,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#9fa8da' } },
};
