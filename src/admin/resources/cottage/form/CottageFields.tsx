/**
 * The fields create and edit share, in the original form's order (screens.md §10): name, types, region then the
 * places of that region, prices, comforts, the location and the description. Labels live under
 * `resources.cottage.form.fields`, apart from the list's column names.
 */
import { Box, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  CheckboxGroupInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  TextInput,
  maxLength,
  minValue,
  number,
  required,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { LocationPicker } from '../../../components/location/LocationPicker';
import { imageUrl } from '../../../providers/imageUrl';
import { PriceHint } from '../../../components/formats';

export const F = 'resources.cottage.form.fields';
const WIDE = { width: 480, maxWidth: '100%' } as const;

const BY_NAME = { field: 'name', order: 'ASC' } as const;

/** A checkbox's text: the 20 px icon of a type or comfort, then its name. */
const WithIcon = ({ record }: { record: RaRecord }) => (
  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
    {typeof record.image === 'string' && record.image && (
      <img src={imageUrl(record.image)} alt="" width={20} height={20} style={{ objectFit: 'contain' }} />
    )}
    {String(record.name ?? '')}
  </Box>
);
const withIcon = (record: RaRecord) => <WithIcon record={record} />;

export const NameInput = () => (
  <TextInput source="name" label={`${F}.name`} validate={[required(), maxLength(200)]} sx={WIDE} />
);

/** Region, then a place among that region's places; changing the region clears a place of another region. */
const RegionAndPlace = () => {
  const translate = useTranslate();
  const regionId = useWatch({ name: 'regionId' }) as string | undefined;
  const { setValue, getFieldState } = useFormContext();
  const previous = useRef(regionId);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== regionId && getFieldState('regionId').isDirty) {
      setValue('placeId', null, { shouldDirty: true });
    }
    previous.current = regionId;
  }, [regionId, setValue, getFieldState]);
  return (
    <>
      <ReferenceInput source="regionId" reference="region" sort={BY_NAME} perPage={200}>
        <AutocompleteInput label={`${F}.regionId`} validate={required()} sx={WIDE} />
      </ReferenceInput>
      <ReferenceInput source="placeId" reference="place" sort={BY_NAME} perPage={200} filter={regionId ? { regionId } : {}}>
        <AutocompleteInput
          label={`${F}.placeId`}
          validate={required()}
          disabled={!regionId}
          helperText={false}
          sx={WIDE}
        />
      </ReferenceInput>
      {/* Outside the disabled input: a disabled helper text is too pale to read (axe color-contrast). */}
      {!regionId && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -0.5, mb: 2 }}>
          {translate(`${F}.place_pick_region`)}
        </Typography>
      )}
    </>
  );
};

const money = [number(), minValue(0)];

export const CottageFields = () => (
  <>
    <ReferenceArrayInput source="cottageType" reference="cottage-type" sort={BY_NAME} perPage={200}>
      <CheckboxGroupInput label={`${F}.cottageType`} optionText={withIcon} />
    </ReferenceArrayInput>
    <RegionAndPlace />
    <NumberInput source="price" label={`${F}.price`} validate={[required(), ...money]} min={0} sx={WIDE} helperText={<PriceHint source="price" />} />
    <NumberInput source="priceWeekend" label={`${F}.priceWeekend`} validate={[required(), ...money]} min={0} sx={WIDE} helperText={<PriceHint source="priceWeekend" />} />
    <ReferenceArrayInput source="comforts" reference="comfort" sort={BY_NAME} perPage={200}>
      <CheckboxGroupInput label={`${F}.comforts`} optionText={withIcon} />
    </ReferenceArrayInput>
    <LocationPicker source="location" />
    <TextInput
      source="description"
      label={`${F}.description`}
      multiline
      minRows={3}
      validate={maxLength(5000)}
      sx={{ width: 720, maxWidth: '100%' }}
    />
  </>
);
