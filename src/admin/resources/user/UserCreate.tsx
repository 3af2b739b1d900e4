import { Create } from 'react-admin';
import { useTabTitle } from '../../layout/useTabTitle';
import { NameInputs, PasswordField, PhoneInput, RolesInput, UsernameInput } from './fields';
import { KitForm } from '../../components/KitForm';

/** `POST user/add` as JSON: username, password (≥ 8), phone as text, the ticked roles as ids. */
export const UserCreate = () => {
  useTabTitle();
  return (
    <Create redirect="list" title="resources.user.add">
      <KitForm>
        <UsernameInput />
        <PasswordField isNew />
        <NameInputs />
        <PhoneInput />
        <RolesInput />
      </KitForm>
    </Create>
  );
};
