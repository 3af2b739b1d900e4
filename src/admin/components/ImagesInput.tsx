import { ImageField, type Validator } from 'react-admin';
import { ImageUploadInput } from './ImageUploadInput';
import { newFile } from '../providers/payload';

interface Props {
  source: string;
  /** The most files one write may carry (the server refuses more). */
  max: number;
  label?: string;
  helperText?: string;
}

type Picked = { rawFile: File; src: string; title: string };

/** Only the files picked in this form: stored images (paths) are the record's, shown elsewhere, and never re-sent. */
const picked = (value: unknown): Picked[] => (Array.isArray(value) ? value.filter((v): v is Picked => Boolean(newFile(v))) : []);

/** Several images at once, each with a preview and a remove button, at most `max`. */
export const ImagesInput = ({ source, max, label, helperText }: Props) => {
  const atMost: Validator = (value) =>
    picked(value).length > max ? { message: 'app.images.too_many', args: { max } } : undefined;
  return (
    <ImageUploadInput
      source={source}
      label={label}
      multiple
      accept={{ 'image/*': [] }}
      format={picked}
      validate={atMost}
      helperText={helperText}
    >
      <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 100, maxWidth: 100, objectFit: 'cover' } }} />
    </ImageUploadInput>
  );
};
