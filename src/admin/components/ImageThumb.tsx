import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { imageUrl } from '../providers/imageUrl';

interface Props {
  source: string;
  /** Defaults to the record's name; `""` where the name is beside it already (a list row). */
  alt?: string;
  width?: number;
  height?: number;
}

/** A stored image path (`uploads/images/x.jpg`) shown as a fixed-size thumbnail, or "no image". */
export const ImageThumb = ({ source, alt, width = 120, height = 100 }: Props) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  const src = typeof value === 'string' ? imageUrl(value) : undefined;
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
