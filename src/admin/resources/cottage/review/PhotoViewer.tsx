import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Typography } from '@mui/material';
import { useRef, type TouchEvent } from 'react';
import { useTranslate } from 'react-admin';
import { imageUrl } from '../../../providers/imageUrl';
import { Kbd } from './Kbd';

const T = 'resources.cottage.review';

/** A cottage's photos, the main one first, each once. */
export function photosOf(cottage: object): string[] {
  const record = cottage as { mainImage?: unknown; images?: unknown };
  const paths: string[] = [];
  if (typeof record.mainImage === 'string') paths.push(record.mainImage);
  for (const image of Array.isArray(record.images) ? (record.images as { image?: unknown }[]) : []) {
    if (typeof image.image === 'string' && !paths.includes(image.image)) paths.push(image.image);
  }
  return paths.flatMap((p) => imageUrl(p) ?? []);
}

/** The smallest horizontal travel that counts as a swipe, in CSS pixels. */
const SWIPE_PX = 40;

/**
 * The photos large, one at a time: arrows on screen (J/K on the keyboard, handled by the desk), a swipe on touch
 * screens, and the strip of thumbnails to jump.
 */
export const PhotoViewer = ({ photos, index, onIndex }: { photos: string[]; index: number; onIndex(i: number): void }) => {
  const translate = useTranslate();
  const start = useRef<{ x: number; y: number } | null>(null);
  if (!photos.length) {
    return (
      <Box sx={{ height: 240, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography color="text.secondary">{translate(`${T}.no_photos`)}</Typography>
      </Box>
    );
  }
  const shown = Math.min(index, photos.length - 1);
  const go = (delta: number) => onIndex((shown + delta + photos.length) % photos.length);
  const onTouchStart = (e: TouchEvent) => {
    start.current = { x: e.touches[0].clientX, y: e.touches[0].clientY };
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = e.changedTouches[0].clientX - from.x;
    const dy = e.changedTouches[0].clientY - from.y;
    // Mostly sideways: a vertical scroll of the page is no swipe.
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
  };
  const arrow = { position: 'absolute', top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(0,0,0,0.45)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' } } as const;
  return (
    <Box>
      <Box
        data-testid="review-photo"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        sx={{ position: 'relative', bgcolor: '#111', borderRadius: 1, overflow: 'hidden', height: { xs: 260, sm: 380, lg: 460 }, touchAction: 'pan-y' }}
      >
        <Box
          component="img"
          src={photos[shown]}
          alt={translate(`${T}.photo_of`, { n: shown + 1, total: photos.length })}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block', userSelect: 'none' }}
          draggable={false}
        />
        {photos.length > 1 && (
          <>
            <IconButton aria-label={translate(`${T}.prev_photo`)} onClick={() => go(-1)} sx={{ ...arrow, left: 8 }} size="large">
              <ChevronLeft />
              <Kbd>K</Kbd>
            </IconButton>
            <IconButton aria-label={translate(`${T}.next_photo`)} onClick={() => go(1)} sx={{ ...arrow, right: 8 }} size="large">
              <Kbd>J</Kbd>
              <ChevronRight />
            </IconButton>
          </>
        )}
        <Typography variant="caption" sx={{ position: 'absolute', bottom: 6, right: 10, color: '#fff', bgcolor: 'rgba(0,0,0,0.5)', px: 1, borderRadius: 1 }}>
          {shown + 1} / {photos.length}
        </Typography>
      </Box>
      {photos.length > 1 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, overflowX: 'auto', pb: 0.5 }}>
          {photos.map((src, i) => (
            <Box
              key={src}
              component="button"
              type="button"
              aria-label={translate(`${T}.photo_of`, { n: i + 1, total: photos.length })}
              aria-current={i === shown}
              onClick={() => onIndex(i)}
              sx={{ p: 0, border: 2, borderColor: i === shown ? 'primary.main' : 'transparent', borderRadius: 1, cursor: 'pointer', flex: '0 0 auto', bgcolor: 'transparent' }}
            >
              <Box component="img" src={src} alt="" sx={{ width: 72, height: 54, objectFit: 'cover', display: 'block', borderRadius: 0.5 }} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
};
