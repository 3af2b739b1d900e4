import { Create, SelectInput, required } from 'react-admin';
import { ImagesInput } from '../../components/ImagesInput';
import { TranslationInput } from '../../components/TranslationInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { codeChoices } from './codes';
import { KitForm } from '../../components/KitForm';

/** The server takes at most this many images per write. */
export const MAX_IMAGES = 10;

/** Name and description picked from the translations, the code and up to 10 images, sent as multipart. */
export const ServiceCreate = () => {
  useTabTitle();
  return (
    <Create redirect="list" title="resources.services.add">
      <KitForm>
        <TranslationInput source="nameTranslateId" />
        <TranslationInput source="descriptionTranslateId" textSource="description" />
        <SelectInput source="serviceCode" choices={codeChoices} validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
        <ImagesInput source="images" max={MAX_IMAGES} />
      </KitForm>
    </Create>
  );
};
