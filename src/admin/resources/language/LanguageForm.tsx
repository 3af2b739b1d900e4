import { ImageField, TextInput, maxLength, regex, required, useTranslate } from 'react-admin';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { KitForm } from '../../components/KitForm';

const codeRules = [required(), maxLength(2), regex(/^[A-Za-z]{1,2}$/, 'resources.language.code_format')];

/**
 * Create: code (one or two letters, lower-cased by the server), title and an optional image, sent together as
 * multipart. Edit: the title only — the code is shown but not editable (records and the header refer to it), and an
 * empty title changes nothing on the server, so it is not marked required; the image has its own dialog from the list.
 */
export const LanguageForm = ({ isNew = false }: { isNew?: boolean }) => {
  const translate = useTranslate();
  return (
    <KitForm>
      {isNew ? (
        <TextInput source="code" validate={codeRules} placeholder={translate('resources.language.placeholders.code')} sx={{ width: 240 }} />
      ) : (
        <TextInput source="code" readOnly sx={{ width: 240 }} />
      )}
      <TextInput
        source="title"
        validate={isNew ? [required(), maxLength(64)] : maxLength(64)}
        placeholder={translate('resources.language.placeholders.title')}
        sx={{ width: 480, maxWidth: '100%' }}
      />
      {isNew && (
        <ImageUploadInput source="image" accept={{ 'image/*': [] }} multiple={false}>
          <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 120 } }} />
        </ImageUploadInput>
      )}
    </KitForm>
  );
};
