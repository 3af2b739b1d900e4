import { Route } from 'react-router-dom';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { Home } from './dashboard/Home';
import { NoNotification } from './layout/AppNotification';
import { ComingSoon } from './layout/ComingSoon';
import { Layout } from './layout/Layout';
import { RedirectToLogin } from './layout/LoginPage';
import { NotFound } from './layout/NotFound';
import { modules } from './resources/modules';

/** Everything under /dashboart: one <Resource> per resource, plus the pages that are not resources. */
const Panel = () => (
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
);

export default Panel;
