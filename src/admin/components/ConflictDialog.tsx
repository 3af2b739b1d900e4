/**
 * The one answer of the panel to a 409 on an edit (see `providers/conflict.ts`), whatever the screen: says in the
 * user's language that the record changed since it was opened, lists what changed (their value and the current one),
 * and offers to reload (the form shows the current values) or to overwrite on purpose (the same change sent again,
 * naming the current version).
 */
import { useState, useSyncExternalStore } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useDataProvider, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { changesOf, ConflictError, conflictStore } from '../providers/conflict';

export const ConflictDialog = () => {
  const conflict = useSyncExternalStore(conflictStore.subscribe, conflictStore.get);
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();
  const redirect = useRedirect();
  const [busy, setBusy] = useState(false);
  if (!conflict) return null;

  const close = () => conflictStore.set(null);
  // A screen names its fields under `fields`, or (a form apart from its list, e.g. cottage) under `form.fields`.
  const label = (field: string) =>
    translate(`resources.${conflict.resource}.fields.${field}`, { _: translate(`resources.${conflict.resource}.form.fields.${field}`, { _: field }) });
  const changes = changesOf(conflict);
  const empty = translate('app.conflict.empty');

  const reload = () => {
    close();
    conflictStore.reloaded();
    refresh();
  };
  const overwrite = async () => {
    setBusy(true);
    try {
      const { resource, id, data, previousData, current } = conflict;
      await dataProvider.update(resource, { id, data, previousData, meta: { version: current.updatedAt } });
      close();
      // Before leaving: the form's values are saved, so it must not warn of unsaved changes.
      conflictStore.overwritten();
      notify('app.conflict.overwritten', { type: 'success' });
      refresh();
      redirect('list', resource);
    } catch (error) {
      // A newer conflict replaced this one in the store; any other failure is told as usual.
      if (!(error instanceof ConflictError)) notify(error instanceof Error ? error.message : 'app.error.generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={close} aria-labelledby="conflict-title" maxWidth="md" data-testid="conflict-dialog">
      <DialogTitle id="conflict-title">{translate('app.conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.conflict.message')}</DialogContentText>
        {changes.length ? (
          <>
            <DialogContentText sx={{ mt: 2 }}>{translate('app.conflict.changes')}</DialogContentText>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.conflict.field')}</TableCell>
                  <TableCell>{translate('app.conflict.yours')}</TableCell>
                  <TableCell>{translate('app.conflict.current')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map((change) => (
                  <TableRow key={change.field}>
                    <TableCell component="th" scope="row">
                      {label(change.field)}
                    </TableCell>
                    <TableCell>{change.yours || empty}</TableCell>
                    <TableCell>{change.current || empty}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : (
          <DialogContentText sx={{ mt: 2 }}>{translate('app.conflict.no_changes')}</DialogContentText>
        )}
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          {translate('app.conflict.reload_hint')} {translate('app.conflict.overwrite_hint')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('app.conflict.cancel')}
        </Button>
        <Button onClick={() => void overwrite()} disabled={busy} color="warning">
          {translate('app.conflict.overwrite')}
        </Button>
        <Button onClick={reload} disabled={busy} variant="contained" autoFocus>
          {translate('app.conflict.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
