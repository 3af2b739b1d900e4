import { BooleanInput, Create, ImageField } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { TranslationInput } from '../../components/TranslationInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { KitForm } from '../../components/KitForm';

/** A name picked from the translations, an optional image and the hides-the-price switch, sent as multipart. */
export const CottageTypeCreate = () => {
  useTabTitle();
  return (
    <Create redirect="list" title="resources.cottage-type.add">
      <KitForm defaultValues={{ hidePrice: false }}>
        <TranslationInput source="nameTranslateId" />
        <ImageUploadInput source="image" accept={{ 'image/*': [] }} multiple={false}>
          <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
        </ImageUploadInput>
        <BooleanInput source="hidePrice" />
      </KitForm>
    </Create>
  );
};
