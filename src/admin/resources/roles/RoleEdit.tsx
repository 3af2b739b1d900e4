import { Edit } from 'react-admin';
import { useTabTitle } from '../../layout/useTabTitle';
import { RoleForm } from './RoleForm';

export const RoleEdit = () => {
  useTabTitle();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.roles.edit">
      <RoleForm />
    </Edit>
  );
};
