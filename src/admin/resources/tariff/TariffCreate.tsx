import { AutocompleteInput, Create, ReferenceInput, required } from 'react-admin';
import { TranslationInput } from '../../components/TranslationInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { DaysAndPrice } from './fields';
import { KitForm } from '../../components/KitForm';

/** Type and description picked from the translations, the service (`service_id`), days and price, as JSON. */
export const TariffCreate = () => {
  useTabTitle();
  return (
    <Create redirect="list" title="resources.tariff.add">
      <KitForm>
        <TranslationInput source="typeTranslateId" textSource="type" />
        <TranslationInput source="descriptionTranslateId" textSource="description" />
        <ReferenceInput source="service_id" reference="services" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
        </ReferenceInput>
        <DaysAndPrice />
      </KitForm>
    </Create>
  );
};
