import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { CottageCreate, CottageEdit, cottageImagesRoute } from './editing';
import { COTTAGE_LIST, CottageList } from './CottageList';

/**
 * The Announcements (confirmed cottages). The moderation queue is the page `progress-cottages` (layout/pages.tsx),
 * a second list of the same resource. Create, edit and the images dialog (`/cottage/:id/images`) live in `./editing`.
 */
export default {
  list: CottageList,
  create: CottageCreate,
  edit: CottageEdit,
  icon: HomeWorkIcon,
  recordRepresentation: 'name',
  children: cottageImagesRoute(CottageList),
};

/** The list's first request, which the menu entry starts at the click. */
export const cottageListDefaults = COTTAGE_LIST;
