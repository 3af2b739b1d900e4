import LanguageIcon from '@mui/icons-material/Language';
import { imageDialogRoute } from '../../components/imageDialog';
import { kitPages } from '../../components/KitPages';
import { LanguageForm } from './LanguageForm';
import { LanguageList } from './LanguageList';
import { resourceModule } from '../module';

export default resourceModule({
  ...kitPages(LanguageForm),
  list: LanguageList,
  icon: LanguageIcon,
  recordRepresentation: 'title',
  /** The image dialog opens over the list at /language/:id/image. */
  children: imageDialogRoute(LanguageList),
  /** Its sidebar place (labelled `resources.language.menu`) and home tile (`resources.language.tile`). */
  menu: { order: 140 },
  tile: { order: 3, stat: 'languages', color: '#1565c0' },
});
