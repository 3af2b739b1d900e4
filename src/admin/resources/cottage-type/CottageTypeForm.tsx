import { BooleanInput, ImageField } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { KitForm } from '../../components/KitForm';
import { TranslationInput } from '../../components/TranslationInput';

/**
 * A name picked from the translations and the hides-the-price switch; on create also an optional image (sent as
 * multipart). On edit the image has its own dialog from the list.
 */
export const CottageTypeForm = ({ isNew = false }: { isNew?: boolean }) => (
  <KitForm defaultValues={isNew ? { hidePrice: false } : undefined}>
    <TranslationInput source="nameTranslateId" />
    {isNew && (
      <ImageUploadInput source="image" accept={{ 'image/*': [] }} multiple={false}>
        <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
      </ImageUploadInput>
    )}
    <BooleanInput source="hidePrice" />
  </KitForm>
);
