import TranslateIcon from '@mui/icons-material/Translate';
import { kitPages } from '../../components/KitPages';
import { TranslateForm } from './TranslateForm';
import { TranslateList } from './TranslateList';
import { resourceModule } from '../module';

export default resourceModule({
  ...kitPages(TranslateForm),
  list: TranslateList,
  icon: TranslateIcon,
  recordRepresentation: 'code',
  /** Its sidebar place (labelled `resources.translate.menu`). */
  menu: { order: 10 },
});
