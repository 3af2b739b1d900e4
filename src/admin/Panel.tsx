import { Route } from 'react-router-dom';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { Home } from './dashboard/Home';
import { NoNotification } from './layout/AppNotification';
import { Layout } from './layout/Layout';
import { RedirectToLogin } from './layout/LoginPage';
import { NotFound } from './layout/NotFound';
import { pages } from './layout/pages';
import { moduleEntries } from './resources/modules';

/** Everything under /dashboart: one <Resource> per module, plus the pages that are not resources. */
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
    {moduleEntries.map(([name, { menu: _menu, tile: _tile, ...views }]) => (
      <Resource key={name} name={name} {...views} />
    ))}
    <CustomRoutes>
      {Object.entries(pages).map(([path, page]) => (
        <Route key={path} path={path} element={page.element} />
      ))}
    </CustomRoutes>
  </AdminUI>
);

export default Panel;
