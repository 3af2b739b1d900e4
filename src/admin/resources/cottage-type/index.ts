import CategoryIcon from '@mui/icons-material/Category';
import { imageDialogRoute } from '../../components/imageDialog';
import { kitPages } from '../../components/KitPages';
import { CottageTypeForm } from './CottageTypeForm';
import { CottageTypeList } from './CottageTypeList';
import { resourceModule } from '../module';

export default resourceModule({
  ...kitPages(CottageTypeForm),
  list: CottageTypeList,
  icon: CategoryIcon,
  recordRepresentation: 'name',
  /** The image dialog opens over the list at /cottage-type/:id/image. */
  children: imageDialogRoute(CottageTypeList),
  /** Its sidebar place (labelled `resources.cottage-type.menu`). */
  menu: { order: 90 },
});
