import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, AdminUI, CustomRoutes, Resource, type I18nProvider, type Store } from 'react-admin';
import { Home } from './dashboard/Home';
import { AppNotification, NoNotification } from './layout/AppNotification';
import { ComingSoon } from './layout/ComingSoon';
import { Layout } from './layout/Layout';
import { LoginGate, RedirectToLogin } from './layout/LoginPage';
import { NotFound } from './layout/NotFound';
import { darkTheme, lightTheme } from './layout/themes';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { modules } from './resources/modules';

const dataProvider = createDataProvider();

/**
 * `/` is the login page, the panel lives under `/dashboart` (the original's spelling, kept for bookmarks), and
 * anything else is the 404 page.
 */
export const App = ({ i18nProvider, store }: { i18nProvider: I18nProvider; store: Store }) => (
  <BrowserRouter>
    <AdminContext
      basename="/dashboart"
      dataProvider={dataProvider}
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
            <AdminUI
              title="app.title"
              layout={Layout}
              dashboard={Home}
              loginPage={RedirectToLogin}
              catchAll={NotFound}
              notification={NoNotification}
              requireAuth
              disableTelemetry
            >
              <Resource name="language" {...modules.language} />
              <Resource name="translate" {...modules.translate} />
              <Resource name="region" {...modules.region} />
              <Resource name="place" {...modules.place} />
              <Resource name="comfort" {...modules.comfort} />
              <Resource name="cottage-type" {...modules['cottage-type']} />
              <Resource name="cottage" {...modules.cottage} />
              <Resource name="services" {...modules.services} />
              <Resource name="tariff" {...modules.tariff} />
              <Resource name="order" {...modules.order} />
              <Resource name="roles" {...modules.roles} />
              <Resource name="user" {...modules.user} />
              <Resource name="notification" {...modules.notification} />
              <CustomRoutes>
                <Route path="home" element={<Home />} />
                <Route path="progress-cottages" element={<ComingSoon titleKey="app.menu.progress_cottages" />} />
                <Route path="profile" element={<ComingSoon titleKey="app.menu.profile" />} />
              </CustomRoutes>
            </AdminUI>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AdminContext>
  </BrowserRouter>
);
