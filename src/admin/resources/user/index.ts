import GroupIcon from '@mui/icons-material/Group';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

/** Users: list with roles as chips and a masked password, create, edit (new password, image, roles), notify. */
export default {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: GroupIcon,
  recordRepresentation: 'username',
};
