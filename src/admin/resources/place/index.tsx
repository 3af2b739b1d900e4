import PlaceIcon from '@mui/icons-material/Place';
import { imageDialogRoute } from '../../components/imageDialog';
import { PlaceCreate } from './PlaceCreate';
import { PlaceEdit } from './PlaceEdit';
import { PlaceList } from './PlaceList';

export default {
  list: PlaceList,
  create: PlaceCreate,
  edit: PlaceEdit,
  icon: PlaceIcon,
  recordRepresentation: 'name',
  /** The image dialog opens over the list at /place/:id/image. */
  children: imageDialogRoute(PlaceList),
};
