import AssignmentIcon from '@mui/icons-material/Assignment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactElement } from 'react';
import { Home } from '../dashboard/Home';
import { Profile } from '../profile/Profile';
import type { PageRoute } from '../providers/pageAccess';
import type { MenuPlace } from '../resources/module';
import { ProgressBadge } from './ProgressBadge';
import { ProgressCottages } from '../resources/cottage/ProgressCottages';

export interface PageModule {
  element: ReactElement;
  icon?: SvgIconComponent;
  menu?: MenuPlace;
}

/** The panel's routes that are not resources; their permissions are in providers/pageAccess. */
export const pages = {
  home: { element: <Home />, icon: DashboardIcon, menu: { order: 0, label: 'app.menu.home' } },
  'progress-cottages': {
    element: <ProgressCottages />,
    icon: AssignmentIcon,
    menu: { order: 25, label: 'app.menu.progress_cottages', badge: ProgressBadge },
  },
  profile: { element: <Profile /> },
} satisfies Partial<Record<PageRoute, PageModule>>;
