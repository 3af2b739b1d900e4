/** The cottage's child images: each with "make main", an active switch, earlier/later and a delete that asks first. */
import { Box, Button, FormControlLabel, IconButton, Switch, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState, type ReactElement } from 'react';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { CottageImage } from '../../../providers/apiExtras';
import { imageUrl } from '../../../providers/imageUrl';

const T = 'resources.cottage.images';

interface Props {
  rows: CottageImage[];
  busy: boolean;
  run(change: () => Promise<unknown>, done: string): Promise<boolean>;
  /** Puts child `from` at `to` in the gallery. */
  move(from: number, to: number): Promise<boolean>;
}

/**
 * Earlier and later: never `disabled`, which would drop the keyboard's focus while a move saves (or when the image
 * reaches an end); `aria-disabled` says it instead, and a click then does nothing. Once moved, the focus follows the
 * image to its new place (React moves its tile in the page, and a moved element loses the focus).
 */
const MoveButtons = ({ id, index, count, busy, move }: { id: string; index: number; count: number; busy: boolean; move: Props['move'] }) => {
  const translate = useTranslate();
  const button = (to: number, key: string, icon: ReactElement) => {
    const off = busy || to < 0 || to >= count;
    const name = `${id}:${key}`;
    const click = async () => {
      if (off || !(await move(index, to))) return;
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-move="${name}"]`)?.focus());
    };
    return (
      <IconButton size="small" data-move={name} aria-label={translate(`${T}.${key}`, { n: index + 1 })} aria-disabled={off} sx={off ? { opacity: 0.38 } : undefined} onClick={() => void click()}>
        {icon}
      </IconButton>
    );
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
      {button(index - 1, 'move_earlier', <ArrowBackIcon fontSize="small" />)}
      {button(index + 1, 'move_later', <ArrowForwardIcon fontSize="small" />)}
    </Box>
  );
};

export const ChildImages = ({ rows, busy, run, move }: Props) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [deleting, setDeleting] = useState<CottageImage | null>(null);
  if (!rows.length) return <Typography color="text.secondary">{translate(`${T}.none`)}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="child-images">
        {rows.map((row, i) => (
          // Two a row on a phone, not one tile in a column of blank space.
          <Box component="li" key={row.id} sx={{ width: { xs: 'calc(50% - 8px)', sm: 176 }, boxSizing: 'border-box', border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
            <img src={imageUrl(row.image)} alt={`${translate(`${T}.children`)} ${i + 1}`} style={{ width: '100%', aspectRatio: '7 / 5', objectFit: 'cover', display: 'block' }} />
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
            {rows.length > 1 && <MoveButtons id={row.id} index={i} count={rows.length} busy={busy} move={move} />}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
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
