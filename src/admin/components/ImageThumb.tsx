import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { imageUrl } from '../providers/imageUrl';

interface Props {
  source: string;
  /** Defaults to the record's name; `""` where the name is beside it already (a list row). */
  alt?: string;
  width?: number;
  height?: number;
}

/** A list row's empty image: a quiet frame of the thumbnail's size, hidden from screen readers (the row names it). */
export const NoImage = ({ width, height }: { width: number; height: number }) => (
  <Box
    aria-hidden
    data-testid="no-image"
    sx={{ width, height, borderRadius: 1, bgcolor: 'action.hover', color: 'text.disabled', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
  >
    <ImageOutlinedIcon fontSize="small" />
  </Box>
);

/**
 * A stored image path (`uploads/images/x.jpg`) shown as a fixed-size thumbnail. Without one: in a list row (`alt=""`)
 * a quiet empty frame, since a column of "No image!" is noise (#34); elsewhere the words "no image".
 */
export const ImageThumb = ({ source, alt, width = 120, height = 100 }: Props) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  const src = typeof value === 'string' ? imageUrl(value) : undefined;
  if (!src && alt === '') return <NoImage width={width} height={height} />;
  if (!src) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.image.missing')}
      </Typography>
    );
  }
  return (
    <img
      src={src}
      alt={alt ?? (typeof record?.name === 'string' ? record.name : '')}
      width={width}
      height={height}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 4 }}
    />
  );
};
