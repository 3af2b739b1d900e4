import PlaceIcon from '@mui/icons-material/Place';
import { imageDialogRoute } from '../../components/imageDialog';
import { kitPages } from '../../components/KitPages';
import { PlaceForm } from './PlaceForm';
import { PlaceList } from './PlaceList';
import { resourceModule } from '../module';

export default resourceModule({
  ...kitPages(PlaceForm),
  list: PlaceList,
  icon: PlaceIcon,
  recordRepresentation: 'name',
  /** The image dialog opens over the list at /place/:id/image. */
  children: imageDialogRoute(PlaceList),
  /** Its sidebar place (labelled `resources.place.menu`) and home tile (`resources.place.tile`). */
  menu: { order: 80 },
  tile: { order: 5, stat: 'places', color: '#c62828' },
});
