import { AutocompleteInput, Edit, ReferenceInput, required } from 'react-admin';
import { TranslationInput } from '../../components/TranslationInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { KitForm } from '../../components/KitForm';

/**
 * Name and region; the image has its own dialog from the list. A place with cottages cannot change region: the server
 * answers 409 and its message is shown.
 */
export const PlaceEdit = () => {
  useTabTitle();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.place.edit">
      <KitForm>
        <TranslationInput source="nameTranslateId" />
        <ReferenceInput source="regionId" reference="region" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
        </ReferenceInput>
      </KitForm>
    </Edit>
  );
};
