import { Route } from 'react-router-dom';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { Home } from './dashboard/Home';
import { NoNotification } from './ui/AppNotification';
import { Layout } from './shell/Layout';
import { RedirectToLogin } from './ui/RedirectToLogin';
import { NotFound } from './ui/NotFound';
import { pages } from './shell/pages';
import type { PageModule } from './resources/module';
import { moduleEntries } from './resources/modules';

/** The routes besides the resources' views: the panel's own pages and the modules' pages (the moderation queue). */
const PAGES: [string, PageModule][] = [...Object.entries(pages), ...moduleEntries.flatMap(([, module]) => Object.entries(module.pages ?? {}))];

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
    {moduleEntries.map(([name, { menu: _menu, tile: _tile, pages: _pages, ...views }]) => (
      <Resource key={name} name={name} {...views} />
    ))}
    <CustomRoutes>
      {PAGES.map(([path, page]) => (
        <Route key={path} path={path} element={page.element} />
      ))}
    </CustomRoutes>
  </AdminUI>
);

/**
 * @public React.lazy takes this default export from the module that panelChunk's `import('./Panel')` resolves to;
 * knip does not follow that module object, so it would call the export unused.
 */
export default Panel;
