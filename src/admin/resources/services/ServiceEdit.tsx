import { Alert, Box, Typography } from '@mui/material';
import { Edit, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { ImagesInput } from '../../components/ImagesInput';
import { TranslationInput } from '../../components/TranslationInput';
import { useTabTitle } from '../../layout/useTabTitle';
import { imageUrl } from '../../providers/imageUrl';
import { codeChoices } from './codes';
import { MAX_IMAGES } from './ServiceCreate';
import { KitForm } from '../../components/KitForm';

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
 * Name and description (untouched ones are not sent, so they stay), and new images, which replace all the old ones.
 * The code is shown but not editable (the spec keeps it fixed).
 */
export const ServiceEdit = () => {
  useTabTitle();
  const translate = useTranslate();
  return (
    <Edit redirect="list" mutationMode="pessimistic" title="resources.services.edit">
      <KitForm>
        <TranslationInput source="nameTranslateId" />
        <TranslationInput source="descriptionTranslateId" textSource="description" />
        <SelectInput source="serviceCode" choices={codeChoices} readOnly sx={{ width: 480, maxWidth: '100%' }} />
        <CurrentImages />
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('resources.services.replace_warning')}
        </Alert>
        <ImagesInput source="images" max={MAX_IMAGES} />
      </KitForm>
    </Edit>
  );
};
