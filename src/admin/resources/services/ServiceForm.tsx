import { Alert, Box, Typography } from '@mui/material';
import { SelectInput, required, useRecordContext, useTranslate } from 'react-admin';
import { ImagesInput } from '../../components/ImagesInput';
import { KitForm } from '../../components/KitForm';
import { TranslationInput } from '../../components/TranslationInput';
import { imageUrl } from '../../providers/imageUrl';
import { codeChoices } from './codes';

/** The server takes at most this many images per write. */
const MAX_IMAGES = 10;

/** The images the service has now, which new ones would replace. */
const CurrentImages = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const images: string[] = Array.isArray(record?.images) ? record.images : [];
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.services.current_images')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {images.length === 0 && <Typography variant="body2">{translate('app.image.missing')}</Typography>}
        {images.map((path) => (
          <img key={path} src={imageUrl(path)} alt="" width={100} height={100} style={{ objectFit: 'cover', borderRadius: 4 }} />
        ))}
      </Box>
    </Box>
  );
};

/**
 * Name and description picked from the translations, the code and up to 10 images, sent as multipart. On edit,
 * untouched texts are not sent (so they stay), new images replace all the old ones, and the code is shown but not
 * editable (the spec keeps it fixed).
 */
export const ServiceForm = ({ isNew = false }: { isNew?: boolean }) => {
  const translate = useTranslate();
  return (
    <KitForm>
      <TranslationInput source="nameTranslateId" />
      <TranslationInput source="descriptionTranslateId" textSource="description" />
      {isNew ? (
        <SelectInput source="serviceCode" choices={codeChoices} validate={required()} sx={{ width: 480, maxWidth: '100%' }} />
      ) : (
        <SelectInput source="serviceCode" choices={codeChoices} readOnly sx={{ width: 480, maxWidth: '100%' }} />
      )}
      {!isNew && <CurrentImages />}
      {!isNew && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('resources.services.replace_warning')}
        </Alert>
      )}
      <ImagesInput source="images" max={MAX_IMAGES} />
    </KitForm>
  );
};
