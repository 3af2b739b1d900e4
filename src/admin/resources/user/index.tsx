import GroupIcon from '@mui/icons-material/Group';
import { KitCreate, KitEdit } from '../../components/KitPages';
import { dropEmptyPassword, UserForm } from './UserForm';
import { UserList } from './UserList';
import { UserSecurity } from '../../security/UserSecurity';
import { resourceModule } from '../module';

/** Users: list with roles as chips and formatted phones, create, edit (new password, image, roles), notify. */
export default resourceModule({
  list: UserList,
  create: (
    <KitCreate>
      <UserForm isNew />
    </KitCreate>
  ),
  edit: (
    <KitEdit transform={dropEmptyPassword}>
      <UserForm />
      <UserSecurity />
    </KitEdit>
  ),
  icon: GroupIcon,
  recordRepresentation: 'username',
  /** Its sidebar place (labelled `resources.user.menu`) and home tile (`resources.user.tile`). */
  menu: { order: 120 },
  tile: { order: 1, stat: 'users', color: '#2e7d32' },
});
