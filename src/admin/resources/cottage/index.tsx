import AssignmentIcon from '@mui/icons-material/Assignment';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { ProgressBadge } from './ProgressBadge';
import { resourceModule } from '../module';
import { COTTAGE_LIST, CottageList } from './CottageList';
import { CottageCreate, CottageEdit, cottageImagesRoute } from './editing';
import { ProgressCottages } from './ProgressCottages';
import { ReviewDesk } from './review/ReviewDesk';

/**
 * The cottage list (confirmed cottages), and the moderation queue `/progress-cottages`: a second list of the same
 * resource, a page of this module, shown in the sidebar to whoever may list cottages. Create and edit, with the
 * cottage's images inside them, live in `./editing`.
 */
export default resourceModule({
  list: CottageList,
  create: CottageCreate,
  edit: CottageEdit,
  icon: HomeWorkIcon,
  recordRepresentation: 'name',
  children: cottageImagesRoute(),
  /** The list's first request leaves with the menu click (`prefetch`). */
  menu: { order: 20, prefetch: COTTAGE_LIST },
  tile: { order: 2, stat: 'cottages', color: '#f9a825' },
  pages: {
    'progress-cottages': {
      element: <ProgressCottages />,
      icon: AssignmentIcon,
      menu: { order: 25, label: 'resources.cottage.queue.menu', badge: ProgressBadge },
    },
    /** The review desk: one claimed cottage at a time, for `cottage.moderate` holders (issue 25). */
    review: {
      element: <ReviewDesk />,
      icon: RateReviewIcon,
      action: 'moderate',
      menu: { order: 26, label: 'resources.cottage.review.menu' },
    },
  },
});
