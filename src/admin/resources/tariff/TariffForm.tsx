import { AutocompleteInput, ReferenceInput, TextInput, required } from 'react-admin';
import { KitForm } from '../../components/KitForm';
import { TranslationInput } from '../../components/TranslationInput';
import { DaysAndPrice } from './fields';

/**
 * Create: type and description picked from the translations, the service (`service_id`), days and price, as JSON.
 * Edit: description, days and price, prefilled; only what changed is sent, and a blank number cannot be saved (the
 * original saved 0). The type and the service are shown but fixed.
 */
export const TariffForm = ({ isNew = false }: { isNew?: boolean }) =>
  isNew ? (
    <KitForm>
      <TranslationInput source="typeTranslateId" textSource="type" />
      <TranslationInput source="descriptionTranslateId" textSource="description" />
      <ReferenceInput source="service_id" reference="services" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
      </ReferenceInput>
      <DaysAndPrice />
    </KitForm>
  ) : (
    <KitForm>
      <TextInput source="type" readOnly sx={{ width: 480, maxWidth: '100%' }} />
      <TextInput source="service.name" label="resources.tariff.fields.service_id" readOnly sx={{ width: 480, maxWidth: '100%' }} />
      <TranslationInput source="descriptionTranslateId" textSource="description" />
      <DaysAndPrice />
    </KitForm>
  );
