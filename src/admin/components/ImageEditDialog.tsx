import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  useDataProvider,
  useGetOne,
  useGetResourceLabel,
  useNotify,
  useRedirect,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { imageUrl } from '../providers/imageUrl';

const PREVIEW = { width: 240, height: 160, objectFit: 'cover', borderRadius: 4 } as const;
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * `/<resource>/:id/image`: replaces a record's image through the resource's own image call, over its list. Its title
 * names the resource ("Edit Comfort image"), the record's name is under it.
 */
export const ImageEditDialog = () => {
  const { id = '' } = useParams();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const resourceLabel = useGetResourceLabel();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: record } = useGetOne(resource, { id });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!file) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const close = () => redirect('list', resource);
  const save = async () => {
    if (!file) return;
    setSaving(true);
    try {
      await dataProvider.updateImage(resource, id, file);
      await queryClient.invalidateQueries({ queryKey: [resource] });
      notify('app.image.edited', { type: 'success' });
      close();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'app.error.generic', { type: 'error' });
      setSaving(false);
    }
  };

  const current = preview ?? imageUrl(typeof record?.image === 'string' ? record.image : undefined);
  return (
    <Dialog open onClose={close} aria-labelledby="image-edit-title">
      <DialogTitle id="image-edit-title">
        {translate('app.image.edit_title', { resource: resourceLabel(resource, 1) })}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, pt: 1 }}>
          {typeof record?.name === 'string' && <Typography variant="subtitle1" component="p">{record.name}</Typography>}
          {current ? <img src={current} alt="" style={PREVIEW} /> : <Typography>{translate('app.image.missing')}</Typography>}
          {/* A <label> styled as a button (no role="button" on a label); the input stays focusable for keyboards. */}
          <Button
            component="label"
            role={undefined}
            tabIndex={-1}
            variant="outlined"
            sx={{ '&:focus-within': { outline: '2px solid', outlineOffset: 2 } }}
          >
            {translate('app.image.choose')}
            <input
              style={VISUALLY_HIDDEN}
              type="file"
              accept="image/*"
              name="image"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {file?.name ?? translate('app.image.none_chosen')}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!file || saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
