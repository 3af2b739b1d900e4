/** The cottage's child images: each with "make main", an active switch and a delete that asks first. */
import { Box, Button, FormControlLabel, IconButton, Switch, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { CottageImage } from '../../../providers/apiExtras';
import { imageUrl } from '../../../providers/imageUrl';

const T = 'resources.cottage.images';

interface Props {
  rows: CottageImage[];
  busy: boolean;
  run(change: () => Promise<unknown>, done: string): Promise<boolean>;
}

export const ChildImages = ({ rows, busy, run }: Props) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [deleting, setDeleting] = useState<CottageImage | null>(null);
  if (!rows.length) return <Typography color="text.secondary">{translate(`${T}.none`)}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="child-images">
        {rows.map((row, i) => (
          <Box component="li" key={row.id} sx={{ width: 160, border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            <img src={imageUrl(row.image)} alt={`${translate(`${T}.children`)} ${i + 1}`} width={140} height={100} style={{ objectFit: 'cover' }} />
            <FormControlLabel
              control={
                <Switch
                  checked={row.status === 'active'}
                  disabled={busy}
                  onChange={(e) =>
                    void run(
                      () => dataProvider.editCottageImage(row.id, { status: e.target.checked ? 'active' : 'inactive' }),
                      `${T}.status_changed`,
                    )
                  }
                />
              }
              label={translate(`${T}.active`)}
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Button size="small" disabled={busy} onClick={() => void run(() => dataProvider.editCottageImage(row.id, { isMainImage: true }), `${T}.made_main`)}>
                {translate(`${T}.make_main`)}
              </Button>
              <IconButton aria-label={translate(`${T}.delete`)} disabled={busy} onClick={() => setDeleting(row)} color="error" size="small">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        ))}
      </Box>
      <Confirm
        isOpen={deleting !== null}
        title="app.delete.confirm"
        content={null}
        confirm="app.delete.yes"
        cancel="app.delete.no"
        loading={busy}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const row = deleting;
          setDeleting(null);
          if (row) await run(() => dataProvider.deleteCottageImage(row.id), `${T}.deleted`);
        }}
      />
    </>
  );
};
