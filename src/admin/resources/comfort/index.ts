import WeekendIcon from '@mui/icons-material/Weekend';
import { imageDialogRoute } from '../../components/imageDialog';
import { kitPages } from '../../components/KitPages';
import { ComfortForm } from './ComfortForm';
import { ComfortList } from './ComfortList';
import { resourceModule } from '../module';

export default resourceModule({
  ...kitPages(ComfortForm),
  list: ComfortList,
  icon: WeekendIcon,
  recordRepresentation: 'name',
  /** The image dialog opens over the list at /comfort/:id/image. */
  children: imageDialogRoute(ComfortList),
  /** Its sidebar place (labelled `resources.comfort.menu`) and home tile (`resources.comfort.tile`). */
  menu: { order: 100 },
  tile: { order: 6, stat: 'comforts', color: '#546e7a' },
});
