import LanguageIcon from '@mui/icons-material/Language';
import { imageDialogRoute } from '../../components/imageDialog';
import { LanguageCreate } from './LanguageCreate';
import { LanguageEdit } from './LanguageEdit';
import { LanguageList } from './LanguageList';

export default {
  list: LanguageList,
  create: LanguageCreate,
  edit: LanguageEdit,
  icon: LanguageIcon,
  recordRepresentation: 'title',
  /** The image dialog opens over the list at /language/:id/image. */
  children: imageDialogRoute(LanguageList),
};
