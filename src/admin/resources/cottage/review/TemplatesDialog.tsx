import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { REASON_LANGUAGES, type ReasonTemplate, type ReasonTemplateInput } from '../../../providers/reviewApi';
import { TEMPLATES_KEY, useReasonTemplates } from './useReasonTemplates';

const T = 'resources.cottage.review.templates';
type Draft = ReasonTemplateInput & { id?: string };
const filled = (d: Draft) => REASON_LANGUAGES.every((l) => d[l].trim());

/** One template's three texts with Save, Delete and the order arrows. */
const TemplateRow = ({ draft, first, last, busy, onSave, onDelete, onMove }: {
  draft: Draft;
  first: boolean;
  last: boolean;
  busy: boolean;
  onSave(d: Draft): void;
  onDelete?: () => void;
  onMove?: (delta: -1 | 1) => void;
}) => {
  const translate = useTranslate();
  const [value, setValue] = useState(draft);
  // The server's copy replaces the fields when it changes (after a save), not on every render.
  useEffect(() => setValue(draft), [draft.id, draft.uz, draft.ru, draft.en, draft.position]); // eslint-disable-line react-hooks/exhaustive-deps
  const changed = REASON_LANGUAGES.some((l) => value[l] !== draft[l]);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1.5 }} data-testid="template-row">
      <Stack spacing={1}>
        {REASON_LANGUAGES.map((l) => (
          <TextField key={l} size="small" label={l} value={value[l]} onChange={(e) => setValue({ ...value, [l]: e.target.value })} multiline fullWidth slotProps={{ htmlInput: { maxLength: 500 } }} />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Button size="small" variant="contained" disabled={busy || (draft.id !== undefined && !changed)} onClick={() => onSave(value)}>
          {translate(draft.id ? `${T}.save` : `${T}.add`)}
        </Button>
        {onMove && (
          <>
            <Tooltip title={translate(`${T}.up`)}>
              <span>
                <IconButton size="small" aria-label={translate(`${T}.up`)} disabled={busy || first} onClick={() => onMove(-1)}>
                  <ArrowUpward fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={translate(`${T}.down`)}>
              <span>
                <IconButton size="small" aria-label={translate(`${T}.down`)} disabled={busy || last} onClick={() => onMove(1)}>
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        {onDelete && (
          <Button size="small" color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={onDelete} sx={{ ml: 'auto !important' }}>
            {translate(`${T}.delete`)}
          </Button>
        )}
      </Stack>
    </Box>
  );
};

/**
 * The rejection reason templates for `cottage.moderate` holders: edit each in uz, ru and en, add one at the end,
 * delete, and reorder (two templates swap positions).
 */
export const TemplatesDialog = ({ open, onClose }: { open: boolean; onClose(): void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data: templates = [] } = useReasonTemplates(open);
  const write = useMutation({
    mutationFn: async (work: () => Promise<unknown>) => work(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...TEMPLATES_KEY] }),
    onError: (error: Error) => notify(error.message || 'app.error.generic', { type: 'error' }),
  });
  const save = (d: Draft) => {
    if (!filled(d)) return notify(`${T}.required`, { type: 'warning' });
    const texts = { uz: d.uz.trim(), ru: d.ru.trim(), en: d.en.trim() };
    write.mutate(
      () => (d.id ? dataProvider.editReasonTemplate(d.id, texts) : dataProvider.addReasonTemplate({ ...texts, position: d.position })),
      { onSuccess: () => notify(`${T}.saved`, { type: 'success' }) },
    );
  };
  const remove = (t: ReasonTemplate) => write.mutate(() => dataProvider.deleteReasonTemplate(t.id), { onSuccess: () => notify(`${T}.deleted`, { type: 'info' }) });
  const move = (i: number, delta: -1 | 1) => {
    const a = templates[i];
    const b = templates[i + delta];
    // Equal positions (templates added by hand) still swap into a strict order.
    const [pa, pb] = a.position === b.position ? [b.position + delta, a.position] : [b.position, a.position];
    write.mutate(async () => {
      await dataProvider.editReasonTemplate(a.id, { position: pa });
      await dataProvider.editReasonTemplate(b.id, { position: pb });
    });
  };
  const nextPosition = templates.reduce((max, t) => Math.max(max, t.position), 0) + 1;
  const blank: Draft = { uz: '', ru: '', en: '', position: nextPosition };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="templates-title">
      <DialogTitle id="templates-title">{translate(`${T}.title`)}</DialogTitle>
      <DialogContent>
        {templates.map((t, i) => (
          <TemplateRow
            key={t.id}
            draft={t}
            first={i === 0}
            last={i === templates.length - 1}
            busy={write.isPending}
            onSave={save}
            onDelete={() => remove(t)}
            onMove={(delta) => move(i, delta)}
          />
        ))}
        <TemplateRow key={`new-${nextPosition}`} draft={blank} first last busy={write.isPending} onSave={save} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${T}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
};
