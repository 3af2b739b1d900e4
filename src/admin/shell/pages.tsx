import DashboardIcon from '@mui/icons-material/Dashboard';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Home } from '../dashboard/Home';
import { Profile } from '../profile/Profile';
import type { PageRoute } from '../providers/pageAccess';
import type { PageModule } from '../resources/module';
import { WebhooksPage } from '../webhooks/WebhooksPage';

/**
 * The panel's routes that belong to no resource; their permissions are in providers/pageAccess. A resource's own
 * pages (the moderation queue) are in its module's `pages`.
 */
export const pages = {
  home: { element: <Home />, icon: DashboardIcon, menu: { order: 0, label: 'app.menu.home' } },
  profile: { element: <Profile /> },
  // Under the settings' end of the menu, after the audit log (issue #36).
  webhooks: { element: <WebhooksPage />, icon: WebhookIcon, menu: { order: 170, label: 'app.menu.webhooks' } },
} satisfies Partial<Record<PageRoute, PageModule>>;
