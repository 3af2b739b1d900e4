/**
 * The create form's main image: a picked file opens the 16:7 cropper in place, and "Use this crop" keeps the JPEG as
 * the form's `mainImage` (a File, sent with the create's multipart body). Nothing is uploaded before Save.
 */
import { Box, FormHelperText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { FilePicker } from './FilePicker';
import { LazyCropper } from './LazyCropper';
import { useObjectUrl } from './useObjectUrl';

const T = 'resources.cottage.images';

/** Required, and only a crop counts: a picked file still in the cropper is not a main image yet. */
const croppedRequired: Validator = (value) => (value instanceof File ? undefined : `${T}.crop_required`);

export const MainImageInput = ({ label }: { label: string }) => {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput({ source: 'mainImage', validate: croppedRequired });
  const [picked, setPicked] = useState<File | null>(null);
  const pickedUrl = useObjectUrl(picked);
  const cropped = field.value instanceof File ? field.value : null;
  const croppedUrl = useObjectUrl(cropped);
  const error = fieldState.error && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error.message : undefined;
  return (
    <Box sx={{ width: '100%', my: 1 }} data-testid="main-image-input">
      <Typography variant="subtitle1" component="h2">
        {translate(label)} *
      </Typography>
      {pickedUrl ? (
        <LazyCropper
          src={pickedUrl}
          saving={false}
          saveLabel={`${T}.use_crop`}
          onCropped={(file) => {
            field.onChange(file);
            setPicked(null);
          }}
          onCancel={() => {
            setPicked(null);
            field.onBlur();
          }}
        />
      ) : (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {croppedUrl ? (
            <img src={croppedUrl} alt={translate(`${T}.cropped_alt`)} data-testid="main-image-preview" style={{ width: 320, maxWidth: '100%', aspectRatio: '16 / 7', objectFit: 'cover', borderRadius: 4 }} />
          ) : (
            <Typography color="text.secondary">{translate(`${T}.main_empty`)}</Typography>
          )}
          <FilePicker label={translate(croppedUrl ? `${T}.choose_other` : `${T}.choose_main`)} name="mainImage" onFiles={(files) => setPicked(files[0] ?? null)} />
        </Stack>
      )}
      <FormHelperText error={Boolean(error)}>
        <InputHelperText error={error} helperText={`${T}.crop_hint`} />
      </FormHelperText>
    </Box>
  );
};
