import TranslateIcon from '@mui/icons-material/Translate';
import { TranslateCreate } from './TranslateCreate';
import { TranslateEdit } from './TranslateEdit';
import { TranslateList } from './TranslateList';

export default {
  list: TranslateList,
  create: TranslateCreate,
  edit: TranslateEdit,
  icon: TranslateIcon,
  recordRepresentation: 'code',
};
