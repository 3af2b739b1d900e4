import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { AdminContext, Loading, type I18nProvider, type Store } from 'react-admin';
import { AppNotification } from './ui/AppNotification';
import { LoginGate } from './login/LoginPage';
import { NotFound } from './ui/NotFound';
import { darkTheme, lightTheme } from './ui/themes';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { createQueryClient } from './providers/queryClient';
import { loadPanel } from './panelChunk';
import { loadCatalogue } from './providers/i18nProvider';
import { session } from './providers/session';

const Panel = lazy(loadPanel);
/** The setup-only screen of a role that requires two-factor login, with the full catalogue (its texts are not the login page's). */
const TwoFactorSetupScreen = lazy(() =>
  Promise.all([import('./security/TwoFactorSetupScreen'), loadCatalogue(session.language())]).then(([m]) => ({ default: m.TwoFactorSetupScreen })),
);

const dataProvider = createDataProvider();
const queryClient = createQueryClient();

type Props = { i18nProvider: I18nProvider; store: Store };

/**
 * `/` is the login page, the panel lives under `/dashboart` (the original's spelling, kept for bookmarks), and
 * anything else is the 404 page.
 */
const Shell = ({ i18nProvider, store }: Props) => (
  <AdminContext
    basename="/dashboart"
    dataProvider={dataProvider}
    queryClient={queryClient}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    store={store}
    theme={lightTheme}
    darkTheme={darkTheme}
  >
    <AppNotification />
    <Routes>
      <Route path="/" element={<LoginGate />} />
      <Route
        path="/dashboart/*"
        element={
          <Suspense fallback={<Loading />}>
            <Panel />
          </Suspense>
        }
      />
      <Route
        path="/two-factor"
        element={
          <Suspense fallback={<Loading />}>
            <TwoFactorSetupScreen />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  </AdminContext>
);

/**
 * A data router (one splat route around the shell): react-router's blocker, which forms need to warn before the user
 * leaves unsaved changes (react-admin's `warnWhenUnsavedChanges`), only works inside one.
 */
export const App = (props: Props) => {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <Shell {...props} /> }]));
  return <RouterProvider router={router} />;
};
