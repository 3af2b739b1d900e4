/** A picked file in react-easy-crop (16:7, zoom 1–3, grid); "save" hands the JPEG crop to `onCropped`. */
import { Box, Button, Slider, Stack, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslate } from 'react-admin';
import { CROP_ASPECT, MAX_ZOOM, MIN_ZOOM, cropToFile, loadImage } from './cropImage';

const T = 'resources.cottage.images';

interface Props {
  /** An object URL of the picked file. */
  src: string;
  saving: boolean;
  onCropped(file: File): void;
  onCancel(): void;
}

export const MainImageCropper = ({ src, saving, onCropped, onCancel }: Props) => {
  const translate = useTranslate();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  const save = async () => {
    if (!area) return;
    onCropped(await cropToFile(await loadImage(src), area));
  };
  return (
    <Stack spacing={2} data-testid="main-image-cropper">
      <Box sx={{ position: 'relative', width: '100%', height: 280, bgcolor: 'grey.900' }}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={CROP_ASPECT}
          cropShape="rect"
          showGrid
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
        />
      </Box>
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography id="crop-zoom-label">{translate(`${T}.crop_zoom`)}</Typography>
        <Slider
          value={zoom}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.1}
          aria-labelledby="crop-zoom-label"
          onChange={(_, v) => setZoom(v as number)}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button onClick={onCancel} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!area || saving}>
          {translate(`${T}.save_crop`)}
        </Button>
      </Stack>
    </Stack>
  );
};
