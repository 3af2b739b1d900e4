import { Chip, Stack, Typography } from '@mui/material';
import {
  CheckboxGroupInput,
  PasswordInput,
  ReferenceArrayInput,
  TextInput,
  maxLength,
  minLength,
  regex,
  required,
  useGetIdentity,
  useRecordContext,
  useTranslate,
} from 'react-admin';

const wide = { width: 480, maxWidth: '100%' };
const usernameRules = [required(), maxLength(64), regex(/^[\w.@-]+$/, 'resources.user.username_rule')];

export const UsernameInput = () => <TextInput source="username" validate={usernameRules} autoComplete="off" sx={wide} />;

/**
 * The password is write-only. On create it is required (at least 8, the server's rule); on edit it is "set a new
 * password", empty meaning unchanged, and never prefilled (the API never sends one). One's own password is changed
 * under Profile, which asks for the current one (the server refuses it here): the field gives way to that hint.
 */
export const PasswordField = ({ isNew }: { isNew: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (!isNew && record?.id !== undefined && record.id === identity?.id) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ ...wide, mb: 2 }}>
        {translate('resources.user.own_password_hint')}
      </Typography>
    );
  }
  return (
    <PasswordInput
      source="password"
      label={isNew ? 'resources.user.fields.password' : 'resources.user.fields.new_password'}
      validate={isNew ? [required(), minLength(8)] : [minLength(8)]}
      helperText={isNew ? undefined : translate('resources.user.new_password_hint')}
      autoComplete="new-password"
      defaultValue=""
      sx={wide}
    />
  );
};

/** Text, never a number input: a number input dropped the leading `+` and zeros (orig bug 15). */
export const PhoneInput = () => {
  const translate = useTranslate();
  return (
    <TextInput
      source="phone"
      type="tel"
      validate={maxLength(20)}
      placeholder={translate('resources.user.phone_placeholder')}
      sx={wide}
    />
  );
};

/** Every role as a checkbox; all ticked ones are sent (the original sent only the first). */
export const RolesInput = () => (
  <ReferenceArrayInput source="roles" reference="roles" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
    {/* Named by the user's field: inside the reference, react-admin would look under the roles resource. */}
    <CheckboxGroupInput optionText="name" row={false} label="resources.user.fields.roles" />
  </ReferenceArrayInput>
);

export const NameInputs = () => (
  <>
    <TextInput source="name" validate={maxLength(128)} sx={wide} />
    <TextInput source="email" type="email" validate={maxLength(254)} sx={wide} />
  </>
);

/** The user's roles as chips, or "USER" when there are none. */
export const RolesCell = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const roles: { role: { id: string; name: string } }[] = Array.isArray(record?.rolesRecords) ? record.rolesRecords : [];
  if (!roles.length) return <Chip size="small" variant="outlined" label={translate('resources.user.no_roles')} />;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {roles.map(({ role }) => (
        <Chip key={role.id} size="small" color="primary" label={role.name} />
      ))}
    </Stack>
  );
};
