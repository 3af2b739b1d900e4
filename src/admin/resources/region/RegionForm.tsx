import { TranslationInput } from '../../components/TranslationInput';
import { KitForm } from '../../components/KitForm';

/** A region is only its name, picked from the translations. */
export const RegionForm = () => (
  <KitForm>
    <TranslationInput source="nameTranslateId" />
  </KitForm>
);
