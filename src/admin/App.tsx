import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Loading, type I18nProvider, type Store } from 'react-admin';
import { AppNotification } from './layout/AppNotification';
import { LoginGate } from './layout/LoginPage';
import { NotFound } from './layout/NotFound';
import { darkTheme, lightTheme } from './layout/themes';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { createQueryClient } from './providers/queryClient';
import { loadPanel } from './panelChunk';

const Panel = lazy(loadPanel);

const dataProvider = createDataProvider();
const queryClient = createQueryClient();

/**
 * `/` is the login page, the panel lives under `/dashboart` (the original's spelling, kept for bookmarks), and
 * anything else is the 404 page.
 */
export const App = ({ i18nProvider, store }: { i18nProvider: I18nProvider; store: Store }) => (
  <BrowserRouter>
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
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AdminContext>
  </BrowserRouter>
);
