import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { KitCreate, KitEdit } from '../../components/KitPages';
import { RoleTwoFactorSwitch } from '../../security/RoleTwoFactorSwitch';
import { RoleForm } from './RoleForm';
import { RoleList } from './RoleList';
import { resourceModule } from '../module';

export default resourceModule({
  create: (
    <KitCreate>
      <RoleForm />
    </KitCreate>
  ),
  edit: (
    <KitEdit>
      <RoleTwoFactorSwitch />
      <RoleForm />
    </KitEdit>
  ),
  list: RoleList,
  icon: VerifiedUserIcon,
  recordRepresentation: 'name',
  /** Its sidebar place (labelled `resources.roles.menu`). */
  menu: { order: 110 },
});
