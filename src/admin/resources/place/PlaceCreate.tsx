import { AutocompleteInput, Create, ImageField, ReferenceInput, required } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { TranslationInput } from '../../components/TranslationInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { KitForm } from '../../components/KitForm';

/** A name picked from the translations, the region (the API requires it) and an optional image, sent as multipart. */
export const PlaceCreate = () => {
  useTabTitle();
  return (
    <Create redirect="list" title="resources.place.add">
      <KitForm>
        <TranslationInput source="nameTranslateId" />
        <ReferenceInput source="regionId" reference="region" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
        </ReferenceInput>
        <ImageUploadInput source="image" accept={{ 'image/*': [] }} multiple={false}>
          <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
        </ImageUploadInput>
      </KitForm>
    </Create>
  );
};
