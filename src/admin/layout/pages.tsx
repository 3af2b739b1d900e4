import DashboardIcon from '@mui/icons-material/Dashboard';
import { Home } from '../dashboard/Home';
import { Profile } from '../profile/Profile';
import type { PageRoute } from '../providers/pageAccess';
import type { PageModule } from '../resources/module';

/**
 * The panel's routes that belong to no resource; their permissions are in providers/pageAccess. A resource's own
 * pages (the moderation queue) are in its module's `pages`.
 */
export const pages = {
  home: { element: <Home />, icon: DashboardIcon, menu: { order: 0, label: 'app.menu.home' } },
  profile: { element: <Profile /> },
} satisfies Partial<Record<PageRoute, PageModule>>;
