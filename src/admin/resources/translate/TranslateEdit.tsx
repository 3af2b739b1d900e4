import { Edit, SelectInput, SimpleForm, TextInput, type RaRecord } from 'react-admin';
import { definitionMap } from '../../providers/payload';
import { useTabTitle } from '../../layout/useTabTitle';
import { DefinitionInputs } from './DefinitionInputs';
import { typeChoices } from './choices';

/** The form edits `definition` as a map by language code; the record carries it as `[{value, language: {code}}]`. */
const asForm = (record: RaRecord): RaRecord => ({ ...record, definition: definitionMap(record.definition) ?? {} });

/** The definitions only (all of them are sent, the server merges); code and type are shown read-only. */
export const TranslateEdit = () => {
  useTabTitle();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.translate.edit" queryOptions={{ select: asForm }}>
      <SimpleForm>
        <TextInput source="code" readOnly sx={{ width: 480, maxWidth: '100%' }} />
        <SelectInput source="type" choices={typeChoices} readOnly sx={{ width: 240 }} />
        <DefinitionInputs />
      </SimpleForm>
    </Edit>
  );
};
