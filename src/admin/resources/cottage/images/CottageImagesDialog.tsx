/**
 * `/cottage/:id/images` ("Cottage Images Update"), a lazy chunk over the list: the main image, replaced by a 16:7
 * crop of a picked file; the child images, added several at once, each deleted (after a confirmation), made main or
 * switched active/inactive through the image calls.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useDataProvider, useGetOne, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { CottageImage } from '../../../providers/apiExtras';
import { imageUrl } from '../../../providers/imageUrl';
import { ChildImages } from './ChildImages';
import { FilePicker } from './FilePicker';
import { MainImageCropper } from './MainImageCropper';

const T = 'resources.cottage.images';

/** An object URL for a file while it is shown, revoked after. */
function useObjectUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

const CottageImagesDialog = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: record, refetch, isPending } = useGetOne('cottage', { id });
  const [picked, setPicked] = useState<File | null>(null);
  const [cropped, setCropped] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const pickedUrl = useObjectUrl(picked);
  const croppedUrl = useObjectUrl(cropped);

  /** Runs one change, then reloads the cottage here and in the lists; errors show the server's message. */
  const run = async (change: () => Promise<unknown>, done: string, args?: Record<string, unknown>) => {
    setBusy(true);
    try {
      await change();
      await Promise.all([refetch(), queryClient.invalidateQueries({ queryKey: ['cottage'] })]);
      notify(done, { type: 'success', messageArgs: args });
      return true;
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const saveCrop = async (file: File) => {
    setCropped(file);
    if (await run(() => dataProvider.updateImage('cottage', id, file), `${T}.main_saved`)) setPicked(null);
  };
  const addChildren = (files: File[]) =>
    run(
      async () => {
        for (const file of files) await dataProvider.addCottageImage(id, file, false);
      },
      `${T}.added`,
      { smart_count: files.length },
    );

  const close = () => redirect('list', 'cottage');
  const main = imageUrl(typeof record?.mainImage === 'string' ? record.mainImage : undefined);
  const rows = (Array.isArray(record?.images) ? record.images : []) as CottageImage[];
  return (
    <Dialog open onClose={close} aria-labelledby="cottage-images-title" maxWidth="md" fullWidth>
      <DialogTitle id="cottage-images-title">{translate(`${T}.title`)}</DialogTitle>
      <DialogContent>
        {typeof record?.name === 'string' && <Typography variant="subtitle1" component="p">{record.name}</Typography>}
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {translate(`${T}.main`)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', my: 1 }}>
          {main ? (
            <img src={main} alt={translate(`${T}.main_alt`)} width={400} height={230} style={{ objectFit: 'cover' }} data-testid="main-image" />
          ) : (
            <Typography>{isPending ? translate(`${T}.loading`) : translate('app.image.missing')}</Typography>
          )}
          {croppedUrl && <img src={croppedUrl} alt={translate(`${T}.cropped_alt`)} width={200} />}
        </Box>
        {pickedUrl ? (
          <MainImageCropper src={pickedUrl} saving={busy} onCropped={(f) => void saveCrop(f)} onCancel={() => setPicked(null)} />
        ) : (
          <FilePicker label={translate(`${T}.choose_main`)} name="mainImage" onFiles={(files) => setPicked(files[0] ?? null)} />
        )}
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          {translate(`${T}.children`)}
        </Typography>
        <FilePicker label={translate(`${T}.add_children`)} name="images" multiple disabled={busy} onFiles={(files) => void addChildren(files)} />
        <ChildImages rows={rows.filter((r) => !r.isMainImage)} busy={busy} run={run} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate(`${T}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
};

export default CottageImagesDialog;
