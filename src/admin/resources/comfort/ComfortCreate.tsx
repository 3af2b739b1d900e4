import { Create, ImageField, SimpleForm, required } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { TranslationInput } from '../../components/TranslationInput';

/** A name picked from the translations and an image, sent together as multipart. */
export const ComfortCreate = () => (
  <Create redirect="list" title="resources.comfort.add">
    <SimpleForm>
      <TranslationInput source="nameTranslateId" />
      <ImageUploadInput source="image" accept={{ 'image/*': [] }} validate={required()} multiple={false}>
        <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
      </ImageUploadInput>
    </SimpleForm>
  </Create>
);
