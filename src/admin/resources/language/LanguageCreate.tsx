import { Create, ImageField, TextInput, maxLength, regex, required, useTranslate } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { KitForm } from '../../components/KitForm';

const codeRules = [required(), maxLength(2), regex(/^[A-Za-z]{1,2}$/, 'resources.language.code_format')];

/** Code (one or two letters, lower-cased by the server), title and an optional image, sent together as multipart. */
export const LanguageCreate = () => {
  useTabTitle();
  const translate = useTranslate();
  return (
    <Create redirect="list" title="resources.language.add">
      <KitForm>
        <TextInput source="code" validate={codeRules} placeholder={translate('resources.language.placeholders.code')} sx={{ width: 240 }} />
        <TextInput source="title" validate={[required(), maxLength(64)]} placeholder={translate('resources.language.placeholders.title')} sx={{ width: 480, maxWidth: '100%' }} />
        <ImageUploadInput source="image" accept={{ 'image/*': [] }} multiple={false}>
          <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
        </ImageUploadInput>
      </KitForm>
    </Create>
  );
};
