/**
 * A picked file in react-easy-crop (16:7, zoom 1–3, grid); the save button hands the JPEG crop to `onCropped`. The
 * crop area is at most 40 % of the screen's height (lower on a phone, where a 16:7 box is short) and the cropper
 * scrolls to the middle of the screen when it opens, so its zoom and buttons are in view on a laptop and a phone.
 */
import { Box, Button, Slider, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslate } from 'react-admin';
import { CROP_ASPECT, MAX_ZOOM, MIN_ZOOM, cropToFile, loadImage } from './cropImage';

const T = 'resources.cottage.images';

interface Props {
  /** An object URL of the picked file. */
  src: string;
  saving: boolean;
  /** The save button's text key (create keeps the crop in the form, edit saves it at once). */
  saveLabel?: string;
  onCropped(file: File): void;
  onCancel(): void;
}

export const MainImageCropper = ({ src, saving, saveLabel = `${T}.save_crop`, onCropped, onCancel }: Props) => {
  const translate = useTranslate();
  const zoomLabel = useId();
  const root = useRef<HTMLDivElement>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [failed, setFailed] = useState(false);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  // Braces: Chromium's scrollIntoView now answers a promise, which React would take for a cleanup.
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'center' });
  }, [src]);
  const save = async () => {
    if (!area) return;
    try {
      onCropped(await cropToFile(await loadImage(src), area));
    } catch {
      setFailed(true);
    }
  };
  return (
    <Stack spacing={1.5} data-testid="main-image-cropper" ref={root} sx={{ maxWidth: 720 }}>
      <Box sx={{ position: 'relative', width: '100%', height: { xs: 'min(220px, 40vh)', sm: 'min(280px, 40vh)' }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
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
      {failed && (
        <Typography color="error" role="alert">
          {translate(`${T}.crop_failed`)}
        </Typography>
      )}
      <Stack direction="row" spacing={2} alignItems="center" data-testid="crop-zoom" sx={{ px: 1 }}>
        <Typography id={zoomLabel}>{translate(`${T}.crop_zoom`)}</Typography>
        <Slider
          value={zoom}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.1}
          aria-labelledby={zoomLabel}
          onChange={(_, v) => setZoom(v as number)}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} justifyContent="flex-end" data-testid="crop-actions" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onCancel} disabled={saving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!area || saving}>
          {translate(saveLabel)}
        </Button>
      </Stack>
    </Stack>
  );
};
