import WeekendIcon from '@mui/icons-material/Weekend';
import { Route } from 'react-router-dom';
import { ImageEditDialog } from '../../components/ImageEditDialog';
import { ComfortCreate } from './ComfortCreate';
import { ComfortEdit } from './ComfortEdit';
import { ComfortList } from './ComfortList';

export default {
  list: ComfortList,
  create: ComfortCreate,
  edit: ComfortEdit,
  icon: WeekendIcon,
  recordRepresentation: 'name',
  /** Extra routes of the resource: the image dialog opens over the list at /comfort/:id/image. */
  children: (
    <Route
      path=":id/image"
      element={
        <>
          <ComfortList />
          <ImageEditDialog />
        </>
      }
    />
  ),
};
