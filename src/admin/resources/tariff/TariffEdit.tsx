import { Edit, TextInput } from 'react-admin';
import { TranslationInput } from '../../components/TranslationInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { DaysAndPrice } from './fields';
import { KitForm } from '../../components/KitForm';

/**
 * Description, days and price, prefilled; only what changed is sent, and a blank number cannot be saved (the
 * original saved 0). The type and the service are shown but fixed.
 */
export const TariffEdit = () => {
  useTabTitle();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.tariff.edit">
      <KitForm>
        <TextInput source="type" readOnly sx={{ width: 480, maxWidth: '100%' }} />
        <TextInput source="service.name" label="resources.tariff.fields.service_id" readOnly sx={{ width: 480, maxWidth: '100%' }} />
        <TranslationInput source="descriptionTranslateId" textSource="description" />
        <DaysAndPrice />
      </KitForm>
    </Edit>
  );
};
