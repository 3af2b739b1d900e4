import { Edit } from 'react-admin';
import { TranslationInput } from '../../components/TranslationInput';
import { KitForm } from '../../components/KitForm';

/** Edits the name only; the image has its own dialog from the list (its own call, `comfort/edit/image/:id`). */
export const ComfortEdit = () => (
  <Edit redirect="list" mutationMode="pessimistic" title="resources.comfort.edit">
    <KitForm>
      <TranslationInput source="nameTranslateId" />
    </KitForm>
  </Edit>
);
