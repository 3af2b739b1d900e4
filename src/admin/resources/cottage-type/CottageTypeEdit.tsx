import { BooleanInput, Edit } from 'react-admin';
import { TranslationInput } from '../../components/TranslationInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { KitForm } from '../../components/KitForm';

/** Name and the hides-the-price switch; the image has its own dialog from the list. */
export const CottageTypeEdit = () => {
  useTabTitle();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.cottage-type.edit">
      <KitForm>
        <TranslationInput source="nameTranslateId" />
        <BooleanInput source="hidePrice" />
      </KitForm>
    </Edit>
  );
};
