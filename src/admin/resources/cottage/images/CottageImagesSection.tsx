/**
 * The edit form's images (issue 34, item 6): the main image, replaced by a 16:7 crop of a picked file, and the child
 * images, added several at once, each deleted (after a confirmation), made main, switched active/inactive or moved
 * earlier or later in the gallery (buttons, so the keyboard does it as the mouse does). Each
 * change is saved at once through the image calls (the section says so), and the record is read again so the form's
 * version follows; the form keeps what the operator typed meanwhile (`keepDirtyValues` in `editing.tsx`).
 */
import { Box, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDataProvider, useEditContext, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { CottageImage } from '../../../providers/apiExtras';
import { imageUrl } from '../../../providers/imageUrl';
import { ChildImages } from './ChildImages';
import { FilePicker } from './FilePicker';
import { LazyCropper } from './LazyCropper';
import { useObjectUrl } from './useObjectUrl';

const T = 'resources.cottage.images';

export const CottageImagesSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { record, refetch, isPending } = useEditContext();
  const id = record?.id;
  const [picked, setPicked] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const pickedUrl = useObjectUrl(picked);
  const here = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The list's "Images" button opens the edit page at this section.
  useEffect(() => {
    if (hash === '#images' && record) here.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, record]);

  /** Runs one change, then reloads the cottage here and in the lists; an error shows the server's message. */
  const run = async (change: () => Promise<unknown>, done: string, args?: Record<string, unknown>) => {
    setBusy(true);
    try {
      await change();
      await Promise.all([refetch(), queryClient.invalidateQueries({ queryKey: ['cottage', 'getList'] })]);
      notify(done, { type: 'success', messageArgs: args });
      return true;
    } catch (e) {
      notify(e instanceof Error && e.message ? e.message : 'app.error.generic', { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (id === undefined) return null;
  const saveCrop = async (file: File) => {
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

  const main = imageUrl(typeof record?.mainImage === 'string' ? record.mainImage : undefined);
  const rows = (Array.isArray(record?.images) ? record.images : []) as CottageImage[];
  const children = rows.filter((r) => !r.isMainImage);
  /** The gallery with child `from` put at `to`: every image goes to the server, the main one first as it is shown. */
  const move = (from: number, to: number) => {
    const next = [...children];
    next.splice(to, 0, ...next.splice(from, 1));
    const ids = [...rows.filter((r) => r.isMainImage), ...next].map((r) => r.id);
    return run(() => dataProvider.orderCottageImages(id, ids), `${T}.reordered`);
  };
  return (
    <Paper variant="outlined" component="section" id="images" ref={here} aria-labelledby="cottage-images-heading" sx={{ p: { xs: 1.5, sm: 2 }, my: 1, width: '100%', boxSizing: 'border-box', scrollMarginTop: 72 }}>
      <Typography variant="h6" component="h2" id="cottage-images-heading">
        {translate(`${T}.section`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.saved_at_once`)}
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1.5 }}>
        {translate(`${T}.main`)}
      </Typography>
      {pickedUrl ? (
        <LazyCropper src={pickedUrl} saving={busy} onCropped={(f) => void saveCrop(f)} onCancel={() => setPicked(null)} />
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
          {main ? (
            <img src={main} alt={translate(`${T}.main_alt`)} data-testid="main-image" style={{ width: 320, maxWidth: '100%', aspectRatio: '16 / 7', objectFit: 'cover', borderRadius: 4 }} />
          ) : (
            <Typography color="text.secondary">{isPending ? translate(`${T}.loading`) : translate('app.image.missing')}</Typography>
          )}
          <FilePicker label={translate(`${T}.choose_main`)} name="mainImage" disabled={busy} onFiles={(files) => setPicked(files[0] ?? null)} />
        </Box>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate(`${T}.children`)}
      </Typography>
      <FilePicker label={translate(`${T}.add_children`)} name="images" multiple disabled={busy} onFiles={(files) => void addChildren(files)} />
      <ChildImages rows={children} busy={busy} run={run} move={move} />
    </Paper>
  );
};
