import RestoreIcon from '@mui/icons-material/Restore';
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useCanAccess, useDataProvider, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { REVERTIBLE_EFFECTS, type AuditAction, type AuditEffect } from '../../../shared/audit-actions';
import type { AuditRecord } from '../../../shared/records/audit';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useFormat } from '../../components/formats';
import { fieldLabel, routeOfKey, shownFields, valueText } from './auditText';

/** The entries a revert can take back; the server decides in the end (and says why not). */
const isRevertible = (action: string) => action === 'revert' || Object.hasOwn(REVERTIBLE_EFFECTS, action);

type Effect = AuditEffect;

/** What the entry did: a revert that brought a record back reads as a create, one that deleted it as a delete. */
function effectOf(entry: Pick<AuditRecord, 'action' | 'changes'>): Effect {
  const effect = REVERTIBLE_EFFECTS[entry.action as AuditAction];
  if (effect) return effect;
  const changes = Object.values(entry.changes);
  if (entry.action === 'revert' && changes.length) {
    if (changes.every((c) => c.before === null)) return 'create';
    if (changes.every((c) => c.after === null)) return 'delete';
  }
  return 'edit';
}

/** The permission the revert needs besides `audit.list`: bringing a record back creates it, taking a create back deletes. */
const NEEDS: Record<Effect, 'edit' | 'create' | 'delete'> = { edit: 'edit', delete: 'create', create: 'delete' };

/** Field, its value now (the entry's after: the server refuses when it is no longer so) and the value it goes back to. */
const WhatChanges = ({ entry }: { entry: AuditRecord }) => {
  const translate = useTranslate();
  const format = useFormat();
  const route = routeOfKey(entry.resource);
  return (
    <Table size="small" aria-label={translate('resources.audit.restore.edit')}>
      <TableHead>
        <TableRow>
          <TableCell component="th">{translate('resources.audit.fields.field')}</TableCell>
          <TableCell component="th">{translate('resources.audit.restore.now')}</TableCell>
          <TableCell component="th">{translate('resources.audit.restore.back')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {shownFields(entry.changes).map((field) => (
          <TableRow key={field}>
            <TableCell>{fieldLabel(translate, route, field)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{valueText(translate, entry.changes[field].after, format.dateTime)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{valueText(translate, entry.changes[field].before, format.dateTime)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * "Restore" on an audit entry (the History of an edit page, the Audit log): a confirmation that shows what changes,
 * then `POST audit/revert/:id`. A refusal (409 naming the fields changed since, 400 for entries that cannot be taken
 * back) is shown as an error. Shown only to users who may list the history and do what the revert does.
 * `leaveOnDelete`: on the record's own page, a revert that deletes the record goes to its list.
 */
export const RestoreButton = ({ entry, leaveOnDelete }: { entry: AuditRecord; leaveOnDelete?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AppDataProvider>();
  const effect = effectOf(entry);
  const route = routeOfKey(entry.resource);
  const { canAccess } = useCanAccess({ resource: route, action: NEEDS[effect] });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!isRevertible(entry.action) || !canAccess) return null;

  const restore = async () => {
    setPending(true);
    try {
      const result = await dataProvider.revertChange(entry.id);
      notify('resources.audit.restore.done', { type: 'info' });
      setOpen(false);
      // Taking a create back from the record's own History deletes the record: its list is where to go.
      if (leaveOnDelete && result.done === 'delete') redirect('list', route);
      else refresh();
    } catch (error) {
      notify((error as Error).message || 'app.error.generic', { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<RestoreIcon />} onClick={() => setOpen(true)} className="RestoreButton">
        {translate('resources.audit.restore.button')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} aria-labelledby={`restore-${entry.id}`} fullWidth maxWidth="sm">
          <DialogTitle id={`restore-${entry.id}`}>{translate('resources.audit.restore.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate(`resources.audit.restore.${effect}`)}</DialogContentText>
            {effect === 'edit' && <WhatChanges entry={entry} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={pending}>
              {translate('resources.audit.restore.cancel')}
            </Button>
            <Button onClick={restore} disabled={pending} variant="contained">
              {translate('resources.audit.restore.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
};
