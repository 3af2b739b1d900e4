import { Create, ImageField, required } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { TranslationInput } from '../../components/TranslationInput';
import { KitForm } from '../../components/KitForm';

/** A name picked from the translations and an image, sent together as multipart. */
export const ComfortCreate = () => (
  <Create redirect="list" title="resources.comfort.add">
    <KitForm>
      <TranslationInput source="nameTranslateId" />
      <ImageUploadInput source="image" accept={{ 'image/*': [] }} validate={required()} multiple={false}>
        <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
      </ImageUploadInput>
    </KitForm>
  </Create>
);
