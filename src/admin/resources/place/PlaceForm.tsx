import { AutocompleteInput, ImageField, ReferenceInput, required } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { KitForm } from '../../components/KitForm';
import { TranslationInput } from '../../components/TranslationInput';

/**
 * A name picked from the translations, the region (the API requires it) and, on create, an optional image (sent as
 * multipart); on edit the image has its own dialog from the list. A place with cottages cannot change region: the
 * server answers 409 and its message is shown.
 */
export const PlaceForm = ({ isNew = false }: { isNew?: boolean }) => (
  <KitForm>
    <TranslationInput source="nameTranslateId" />
    <ReferenceInput source="regionId" reference="region" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
    </ReferenceInput>
    {isNew && (
      <ImageUploadInput source="image" accept={{ 'image/*': [] }} multiple={false}>
        <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
      </ImageUploadInput>
    )}
  </KitForm>
);
