import { ImageField } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { KitForm } from '../../components/KitForm';
import { NameInputs, PasswordField, PhoneInput, RolesInput, UsernameInput } from './fields';

/** An empty "new password" is no change: it is left out rather than sent blank. */
export const dropEmptyPassword = ({ password, ...rest }: Record<string, unknown>) => (password ? { ...rest, password } : rest);

/**
 * Create: `POST user/add` as JSON — username, password (≥ 8), phone as text, the ticked roles as ids. Edit: multipart
 * `PATCH user/edit/{id}` — what changed, a new password, the new image and every ticked role. The server's refusals
 * (a user holding more permissions, a role beyond the caller's own, the last SUPER-ADMIN) show with their message.
 */
export const UserForm = ({ isNew = false }: { isNew?: boolean }) => (
  <KitForm>
    <UsernameInput />
    <PasswordField isNew={isNew} />
    <NameInputs />
    <PhoneInput />
    {!isNew && (
      <ImageUploadInput source="image" accept={{ 'image/*': [] }} multiple={false}>
        <ImageField source="src" title="title" />
      </ImageUploadInput>
    )}
    <RolesInput />
  </KitForm>
);
