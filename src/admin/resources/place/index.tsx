import PlaceIcon from '@mui/icons-material/Place';
import { Route } from 'react-router-dom';
import { ImageEditDialog } from '../../components/ImageEditDialog';
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
  children: (
    <Route
      path=":id/image"
      element={
        <>
          <PlaceList />
          <ImageEditDialog />
        </>
      }
    />
  ),
};
