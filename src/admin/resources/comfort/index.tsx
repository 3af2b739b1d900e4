import WeekendIcon from '@mui/icons-material/Weekend';
import { imageDialogRoute } from '../../components/imageDialog';
import { ComfortCreate } from './ComfortCreate';
import { ComfortEdit } from './ComfortEdit';
import { ComfortList } from './ComfortList';

export default {
  list: ComfortList,
  create: ComfortCreate,
  edit: ComfortEdit,
  icon: WeekendIcon,
  recordRepresentation: 'name',
  /** The image dialog opens over the list at /comfort/:id/image. */
  children: imageDialogRoute(ComfortList),
};
