import CommentIcon from '@mui/icons-material/Comment';
import KeyIcon from '@mui/icons-material/Key';
import type { AdminRoute } from '../../shared/resources';
import audit from './audit';
import { withHistory } from './audit/History';
import comfort from './comfort';
import cottage, { cottageListDefaults } from './cottage';
import cottageType from './cottage-type';
import language from './language';
import type { ResourceModule } from './module';
import notification from './notification';
import order from './order';
import place from './place';
import region from './region';
import roles from './roles';
import services from './services';
import tariff from './tariff';
import translate from './translate';
import user from './user';

/**
 * Every admin resource by its route (the registry's `route`, checked by `satisfies`), built or not. The panel
 * registers them, the menu lists those with a `menu` place in its order, and the home page shows their tiles.
 */
export const modules = {
  language: {
    ...language,
    menu: { order: 140, label: 'app.menu.language' },
    tile: { order: 3, stat: 'languages', label: 'app.home.languages', color: '#1565c0' },
  },
  translate: { ...translate, menu: { order: 10, label: 'app.menu.translate' } },
  region: {
    ...region,
    menu: { order: 130, label: 'app.menu.region' },
    tile: { order: 4, stat: 'regions', label: 'app.home.regions', color: '#00838f' },
  },
  place: {
    ...place,
    menu: { order: 80, label: 'app.menu.place' },
    tile: { order: 5, stat: 'places', label: 'app.home.places', color: '#c62828' },
  },
  comfort: {
    ...comfort,
    menu: { order: 100, label: 'app.menu.comfort' },
    tile: { order: 6, stat: 'comforts', label: 'app.home.comforts', color: '#546e7a' },
  },
  'cottage-type': { ...cottageType, menu: { order: 90, label: 'app.menu.cottage_type' } },
  cottage: {
    ...cottage,
    menu: { order: 20, label: 'app.menu.cottage', prefetch: cottageListDefaults },
    tile: { order: 2, stat: 'cottages', label: 'app.home.cottages', color: '#f9a825' },
  },
  services: { ...services, menu: { order: 50, label: 'app.menu.services' } },
  tariff: { ...tariff, menu: { order: 60, label: 'app.menu.tariff' } },
  order: { ...order, menu: { order: 40, label: 'app.menu.order' } },
  roles: { ...roles, menu: { order: 110, label: 'app.menu.roles' } },
  // The permission catalogue (`GET /models`) is read by the roles screen, never listed on its own.
  permission: { icon: KeyIcon },
  user: {
    ...user,
    menu: { order: 120, label: 'app.menu.user' },
    tile: { order: 1, stat: 'users', label: 'app.home.users', color: '#2e7d32' },
  },
  notification: {
    ...notification,
    menu: { order: 150, label: 'app.menu.notification' },
    tile: { order: 7, stat: 'notifications', label: 'app.home.notifications', color: '#33803a', icon: CommentIcon },
  },
  audit: { ...audit, menu: { order: 160, label: 'app.menu.audit' } },
} satisfies Record<AdminRoute, ResourceModule>;

export type ModuleRoute = keyof typeof modules;

/** The modules as a list, each seen through the common `ResourceModule` shape, edit pages with their History. */
export const moduleEntries: [string, ResourceModule][] = Object.entries(modules).map(([route, module]: [string, ResourceModule]) => [
  route,
  // Every edit page shows its record's History (to holders of `audit.list`), added here once for all.
  module.edit ? { ...module, edit: withHistory(module.edit) } : module,
]);
