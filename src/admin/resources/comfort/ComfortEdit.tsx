import { Edit, SimpleForm } from 'react-admin';
import { TranslationInput } from '../../components/TranslationInput';

/** Edits the name only; the image has its own dialog from the list (its own call, `comfort/edit/image/:id`). */
export const ComfortEdit = () => (
  <Edit redirect="list" mutationMode="pessimistic" title="resources.comfort.edit">
    <SimpleForm>
      <TranslationInput source="nameTranslateId" />
    </SimpleForm>
  </Edit>
);
