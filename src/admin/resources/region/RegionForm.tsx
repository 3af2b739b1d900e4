import { SimpleForm } from 'react-admin';
import { TranslationInput } from '../../components/TranslationInput';

/** A region is only its name, picked from the translations. */
export const RegionForm = () => (
  <SimpleForm>
    <TranslationInput source="nameTranslateId" />
  </SimpleForm>
);
