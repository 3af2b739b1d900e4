import CheckIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  Button,
  Confirm,
  useCanAccess,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { RowButton } from '../../components/RowButton';
import { currentOf } from '../../providers/conflict';
import type { AppDataProvider } from '../../providers/dataProvider';

export type Decision = 'confirmed' | 'rejected';

const t = (key: string) => `resources.cottage.queue.${key}`;
const LOOKS = {
  confirmed: { label: t('confirm'), color: 'success', icon: <CheckIcon />, title: t('confirm_title'), many: t('confirm_many_title'), done: t('confirmed') },
  rejected: { label: t('reject'), color: 'error', icon: <BlockIcon />, title: t('reject_title'), many: t('reject_many_title'), done: t('rejected') },
} as const;

/** Whether the user may confirm and reject (`cottage.moderate`). */
export function useMayModerate() {
  const { canAccess } = useCanAccess({ resource: 'cottage', action: 'moderate' });
  return Boolean(canAccess);
}

/**
 * Confirms or rejects cottages: one through the edit, several through the bulk call (all or none), each naming the
 * version (`updatedAt`) the moderator saw. The lists refetch; the home counts and the menu badge follow by the query
 * client's rule for every write (providers/queryClient). A cottage changed since (409) is told, and the list reloads.
 */
function useModerate(decision: Decision, onDone: () => void) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: async ({ ids, reason, versions }: { ids: Identifier[]; reason?: string; versions: Record<string, string> }) => {
      if (ids.length === 1) await dataProvider.moderateCottage(ids[0], decision, reason, versions[String(ids[0])]);
      else await dataProvider.moderateCottages(ids, decision, reason, versions);
      return ids.length;
    },
    onSuccess: (count) => {
      notify(LOOKS[decision].done, { type: 'success', messageArgs: { smart_count: count } });
      void queryClient.invalidateQueries({ queryKey: ['cottage'] });
      onDone();
    },
    onError: (error: Error) => {
      if (!currentOf(error)) return notify(error.message || 'app.error.generic', { type: 'error' });
      notify('app.conflict.list', { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: ['cottage'] });
    },
  });
}

/** The versions of the listed records among `ids`, as the moderator saw them. */
function versionsOf(records: { id: Identifier; updatedAt?: unknown }[] | undefined, ids: Identifier[]): Record<string, string> {
  const wanted = new Set(ids.map(String));
  const out: Record<string, string> = {};
  for (const r of records ?? []) if (wanted.has(String(r.id)) && typeof r.updatedAt === 'string') out[String(r.id)] = r.updatedAt;
  return out;
}

interface DialogProps {
  decision: Decision;
  open: boolean;
  ids: Identifier[];
  /** Per id, the `updatedAt` the moderator saw. */
  versions: Record<string, string>;
  /** The record's name for a single cottage. */
  name?: string;
  onClose: () => void;
  onDone: () => void;
}

/** The question before a decision; a rejection may carry a reason for the owner. */
const ModerationDialog = ({ decision, open, ids, versions, name, onClose, onDone }: DialogProps) => {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const moderate = useModerate(decision, () => {
    setReason('');
    onDone();
  });
  const looks = LOOKS[decision];
  const content =
    decision === 'rejected' ? (
      <TextField
        label={translate(t('reason'))}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        sx={{ mt: 1, minWidth: { sm: 400 } }}
      />
    ) : (
      <Typography>{translate(t('confirm_text'))}</Typography>
    );
  return (
    <Confirm
      isOpen={open}
      loading={moderate.isPending}
      title={name === undefined ? looks.many : looks.title}
      titleTranslateOptions={{ name, smart_count: ids.length }}
      content={content}
      confirm={looks.label}
      confirmColor={decision === 'rejected' ? 'warning' : 'primary'}
      onConfirm={() => moderate.mutate({ ids, reason: reason.trim() || undefined, versions })}
      onClose={onClose}
    />
  );
};

/** A row's Confirm or Reject button, for `cottage.moderate` holders; not shown when the row already has that state. */
export const ModerateButton = ({ decision }: { decision: Decision }) => {
  const record = useRecordContext();
  const may = useMayModerate();
  const [open, setOpen] = useState(false);
  if (!record || !may || record.cottageStatus === decision) return null;
  const looks = LOOKS[decision];
  return (
    <>
      <RowButton label={looks.label} color={looks.color} icon={looks.icon} onClick={() => setOpen(true)} />
      <ModerationDialog
        decision={decision}
        open={open}
        ids={[record.id]}
        versions={versionsOf([record], [record.id])}
        name={String(record.name)}
        onClose={() => setOpen(false)}
        onDone={() => setOpen(false)}
      />
    </>
  );
};

/** Confirm or Reject for the selected rows, in one bulk call. */
const BulkModerateButton = ({ decision }: { decision: Decision }) => {
  const { selectedIds, onUnselectItems, data } = useListContext();
  const [open, setOpen] = useState(false);
  const looks = LOOKS[decision];
  return (
    <>
      <Button label={looks.label} color={looks.color} onClick={() => setOpen(true)}>
        {looks.icon}
      </Button>
      <ModerationDialog
        decision={decision}
        open={open}
        ids={selectedIds}
        versions={versionsOf(data, selectedIds)}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          onUnselectItems();
        }}
      />
    </>
  );
};

/** The queue's bulk buttons: Confirm and Reject for moderators, then whatever else the list offers (delete). */
export const QueueBulkActions = ({ decisions, children }: { decisions: Decision[]; children?: ReactNode }) => (
  <Stack direction="row" spacing={1}>
    {decisions.map((d) => (
      <BulkModerateButton key={d} decision={d} />
    ))}
    {children}
  </Stack>
);
