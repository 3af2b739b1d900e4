import { Create, SelectInput, TextInput, maxLength, required, useTranslate } from 'react-admin';
import { useTabTitle } from '../../layout/useTabTitle';
import { DefinitionInputs } from './DefinitionInputs';
import { typeChoices } from './choices';
import { KitForm } from '../../components/KitForm';

/** Code (unique), type and one text per language: `POST translate {code, type, definition: {uz, ru, en}}`. */
export const TranslateCreate = () => {
  useTabTitle();
  const translate = useTranslate();
  return (
    <Create redirect="list" title="resources.translate.add">
      <KitForm defaultValues={{ type: 'content' }}>
        <TextInput source="code" validate={[required(), maxLength(128)]} placeholder={translate('resources.translate.placeholders.code')} sx={{ width: 480, maxWidth: '100%' }} />
        <SelectInput source="type" choices={typeChoices} validate={required()} sx={{ width: 240 }} />
        <DefinitionInputs />
      </KitForm>
    </Create>
  );
};
