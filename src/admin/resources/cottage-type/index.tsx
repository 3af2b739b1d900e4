import CategoryIcon from '@mui/icons-material/Category';
import { imageDialogRoute } from '../../components/imageDialog';
import { CottageTypeCreate } from './CottageTypeCreate';
import { CottageTypeEdit } from './CottageTypeEdit';
import { CottageTypeList } from './CottageTypeList';

export default {
  list: CottageTypeList,
  create: CottageTypeCreate,
  edit: CottageTypeEdit,
  icon: CategoryIcon,
  recordRepresentation: 'name',
  /** The image dialog opens over the list at /cottage-type/:id/image. */
  children: imageDialogRoute(CottageTypeList),
};
