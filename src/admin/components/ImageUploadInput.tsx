import { ImageInput, useResourceContext, useTranslateLabel, type ImageInputProps } from 'react-admin';

/**
 * react-admin's ImageInput whose file input carries the field's label as its accessible name: ImageInput draws its
 * label on a <span>, so the <input type=file> itself is unlabelled (axe `label`, WCAG 1.3.1/4.1.2).
 */
export const ImageUploadInput = ({ inputProps, ...props }: ImageInputProps) => {
  const translateLabel = useTranslateLabel();
  const resource = useResourceContext(props);
  const name = translateLabel({ label: props.label, source: props.source, resource });
  return <ImageInput {...props} inputProps={{ ...inputProps, 'aria-label': typeof name === 'string' ? name : undefined }} />;
};
