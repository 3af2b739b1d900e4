import { SelectInput, TextInput, maxLength, required, useTranslate } from 'react-admin';
import { KitForm } from '../../components/KitForm';
import { DefinitionInputs } from './DefinitionInputs';
import { typeChoices } from './choices';

/**
 * Create: code (unique), type and one text per language, `POST translate {code, type, definition: {uz, ru, en}}`.
 * Edit: the definitions only (all of them are sent, the server merges); code and type are shown read-only. The
 * record's `definition` arrives as a map by language code (the dataProvider reads it so), which `definition.<code>`
 * edits.
 */
export const TranslateForm = ({ isNew = false }: { isNew?: boolean }) => {
  const translate = useTranslate();
  return (
    <KitForm defaultValues={isNew ? { type: 'content' } : undefined}>
      {isNew ? (
        <TextInput source="code" validate={[required(), maxLength(128)]} placeholder={translate('resources.translate.placeholders.code')} sx={{ width: 480, maxWidth: '100%' }} />
      ) : (
        <TextInput source="code" readOnly sx={{ width: 480, maxWidth: '100%' }} />
      )}
      {isNew ? (
        <SelectInput source="type" choices={typeChoices} validate={required()} sx={{ width: 240 }} />
      ) : (
        <SelectInput source="type" choices={typeChoices} readOnly sx={{ width: 240 }} />
      )}
      <DefinitionInputs />
    </KitForm>
  );
};
