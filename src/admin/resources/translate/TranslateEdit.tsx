import { Edit, SelectInput, TextInput } from 'react-admin';
import { useTabTitle } from '../../layout/useTabTitle';
import { DefinitionInputs } from './DefinitionInputs';
import { typeChoices } from './choices';
import { KitForm } from '../../components/KitForm';

/**
 * The definitions only (all of them are sent, the server merges); code and type are shown read-only. The record's
 * `definition` arrives as a map by language code (the dataProvider reads it so), which `definition.<code>` edits.
 */
export const TranslateEdit = () => {
  useTabTitle();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.translate.edit">
      <KitForm>
        <TextInput source="code" readOnly sx={{ width: 480, maxWidth: '100%' }} />
        <SelectInput source="type" choices={typeChoices} readOnly sx={{ width: 240 }} />
        <DefinitionInputs />
      </KitForm>
    </Edit>
  );
};
