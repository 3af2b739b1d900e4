import { Create } from 'react-admin';
import { useTabTitle } from '../../layout/useTabTitle';
import { RoleForm } from './RoleForm';

export const RoleCreate = () => {
  useTabTitle();
  return (
    <Create redirect="list" title="resources.roles.add">
      <RoleForm />
    </Create>
  );
};
