import { Alert } from '@mui/material';
import { TextInput, maxLength, required, useRecordContext, useTranslate } from 'react-admin';
import { SUPER_ADMIN_ROLE } from '../../../shared/enums';
import { PermissionGroupsInput } from './PermissionGroupsInput';
import { KitForm } from '../../components/KitForm';

const validateName = [required(), maxLength(64)];

/** Name (required, prefilled on edit) and the permissions by model; SUPER-ADMIN is shown read-only, without save. */
export const RoleForm = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const superAdmin = record?.name === SUPER_ADMIN_ROLE;
  return (
    <KitForm toolbar={superAdmin ? false : undefined}>
      {superAdmin && <Alert severity="info">{translate('resources.roles.superAdmin')}</Alert>}
      <TextInput
        source="name"
        validate={validateName}
        disabled={superAdmin}
        placeholder={translate('resources.roles.namePlaceholder')}
        sx={{ width: 480, maxWidth: '100%' }}
      />
      <PermissionGroupsInput readOnly={superAdmin} />
    </KitForm>
  );
};
