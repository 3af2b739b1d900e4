import { Edit, TextInput, maxLength, useTranslate } from 'react-admin';
import { useTabTitle } from '../../layout/useTabTitle';
import { KitForm } from '../../components/KitForm';

/**
 * The title only: the code is shown but not editable (records and the header refer to it), and an empty title changes
 * nothing on the server, so it is not marked required. The image has its own dialog from the list.
 */
export const LanguageEdit = () => {
  useTabTitle();
  const translate = useTranslate();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.language.edit">
      <KitForm>
        <TextInput source="code" readOnly sx={{ width: 240 }} />
        <TextInput source="title" validate={maxLength(64)} placeholder={translate('resources.language.placeholders.title')} sx={{ width: 480, maxWidth: '100%' }} />
      </KitForm>
    </Edit>
  );
};
