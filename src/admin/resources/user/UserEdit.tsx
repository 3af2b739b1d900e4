import { Edit, ImageField } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { NameInputs, PasswordField, PhoneInput, RolesInput, UsernameInput } from './fields';
import { KitForm } from '../../components/KitForm';

/** An empty "new password" is no change: it is left out rather than sent blank. */
const dropEmptyPassword = ({ password, ...rest }: Record<string, unknown>) => (password ? { ...rest, password } : rest);

/**
 * Multipart `PATCH user/edit/{id}`: what changed, the new image, and every ticked role. The server's refusals (a
 * user holding more permissions, a role beyond the caller's own, the last SUPER-ADMIN) show with their message.
 */
export const UserEdit = () => {
  useTabTitle();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.user.edit" transform={dropEmptyPassword}>
      <KitForm>
        <UsernameInput />
        <PasswordField isNew={false} />
        <NameInputs />
        <PhoneInput />
        <ImageUploadInput source="image" accept={{ 'image/*': [] }} multiple={false}>
          <ImageField source="src" title="title" />
        </ImageUploadInput>
        <RolesInput />
      </KitForm>
    </Edit>
  );
};
