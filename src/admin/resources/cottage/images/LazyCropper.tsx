/** The cropper as a lazy chunk of its own (bench/bundle-size.ts keeps react-easy-crop out of the panel's chunk). */
import { Typography } from '@mui/material';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslate } from 'react-admin';

const Cropper = lazy(() => import('./MainImageCropper').then((m) => ({ default: m.MainImageCropper })));

type Props = ComponentProps<typeof Cropper>;

export const LazyCropper = (props: Props) => {
  const translate = useTranslate();
  return (
    <Suspense fallback={<Typography color="text.secondary">{translate('resources.cottage.images.loading')}</Typography>}>
      <Cropper {...props} />
    </Suspense>
  );
};
