import { ImageField, required } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { KitForm } from '../../components/KitForm';
import { TranslationInput } from '../../components/TranslationInput';

/**
 * A name picked from the translations and, on create, the image (both sent together as multipart). An edit changes
 * the name only: the image has its own dialog from the list (its own call, `comfort/edit/image/:id`).
 */
export const ComfortForm = ({ isNew = false }: { isNew?: boolean }) => (
  <KitForm>
    <TranslationInput source="nameTranslateId" />
    {isNew && (
      <ImageUploadInput source="image" accept={{ 'image/*': [] }} validate={required()} multiple={false}>
        <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
      </ImageUploadInput>
    )}
  </KitForm>
);
