import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AppBar as RaAppBar,
  Layout as RaLayout,
  LoadingIndicator,
  TitlePortal,
  ToggleThemeButton,
  useTranslate,
} from 'react-admin';
import { ConflictDialog } from '../components/ConflictDialog';
import { CommandPalette } from './CommandPalette';
import { LanguageSelect } from './LanguageSelect';
import { Menu } from './Menu';
import { UserMenu } from './UserMenu';
import { LoginGreeting } from '../security/LoginGreeting';
import { LiveProvider } from '../live/LiveProvider';
import { OfflineNote } from '../live/LiveParts';

const TITLE_SX = {
  flex: 1,
  minWidth: 0,
  mr: 1,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: { xs: 'normal', sm: 'nowrap' },
  fontSize: { xs: '0.875rem', sm: undefined },
  lineHeight: { xs: 1.2, sm: undefined },
  overflowWrap: 'anywhere',
  display: { xs: '-webkit-box', sm: 'block' },
  WebkitLineClamp: { xs: 2 },
  WebkitBoxOrient: 'vertical',
  '& > .RaConfigurable-root': { display: 'inline' },
} as const;

const AppBar = () => {
  const translate = useTranslate();
  return (
    <RaAppBar
      userMenu={<UserMenu />}
      toolbar={
        <>
          {/* As wide as its code: the theme makes text fields full width, which on a phone pushed the user menu out. */}
          <Box sx={{ flex: '0 0 auto', '& .MuiFormControl-root': { width: 'auto' } }}>
            <LanguageSelect />
          </Box>
          <CommandPalette />
          <OfflineNote />
          <ToggleThemeButton />
          {/* Its spinner is a progressbar: named, or a screen reader announces a nameless one on every load. */}
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
    >
      {/* On a phone the page's title alone: the language and the user menu must fit beside it. */}
      <Typography variant="h6" component="span" sx={{ mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}>
        {translate('app.title')}
      </Typography>
      {/* Each page's <Title> lands here: it is the page's h1, styled as before. */}
      {/* A long title ends in "…" before the language picker on a laptop. On a phone it wraps onto a second, smaller
          line instead: one line left "Коттеджи…" of "Коттеджи в процессе" (#34). The title's own wrapper is inline, so
          the ellipsis applies to its text (an inline-block wrapper is cut without one). */}
      <TitlePortal variant="subtitle1" component="h1" sx={TITLE_SX} />
    </RaAppBar>
  );
};

export const Layout = ({ children }: { children: ReactNode }) => (
  // The page's column never grows past the screen (a flex item would, to its widest content): a list too wide for it
  // folds its rows' buttons or scrolls inside its own box (components/KitList).
  // One change stream per tab for everything inside (issue #25).
  <LiveProvider>
  <RaLayout appBar={AppBar} menu={Menu} sx={{ '& .RaLayout-content': { minWidth: 0 } }}>
    {/* After a login: the last one, and once an offer to turn two-factor login on; above the page, over nothing. */}
    <LoginGreeting />
    {children}
    {/* A 409 on any edit: what changed, reload or overwrite (providers/conflict.ts). */}
    <ConflictDialog />
  </RaLayout>
  </LiveProvider>
);
