import { Alert, Button } from '@mui/material';
import type { Identifier } from 'react-admin';
import { useCanAccess, useCloseNotification, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { resourceByRoute } from '../../shared/resources';
import type { AppDataProvider } from '../providers/dataProvider';

/** How long the delete toast stays, with its Undo. */
export const UNDO_MS = 10_000;

/**
 * The delete toast: the resource's "… successfully deleted" and, for a user who may list the history and create the
 * record, "Undo" — the same revert as the History's Restore, of the delete's audit entry (looked up by resource,
 * record and action, so the delete call's answer stays what the original clients know). `bulk`: the rows of one bulk
 * delete, each brought back by its own entry.
 */
export const DeletedNote = ({ resource, ids, bulk = false }: { resource: string; ids: Identifier[]; bulk?: boolean }) => {
  const translate = useTranslate();
  const close = useCloseNotification();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: mayRead } = useCanAccess({ resource: 'audit', action: 'list' });
  const { canAccess: mayCreate } = useCanAccess({ resource, action: 'create' });
  const key = resourceByRoute(resource)?.key;
  const undo = async () => {
    close();
    try {
      const entries = key ? await dataProvider.deleteEntriesOf(key, ids, bulk ? 'bulkDelete' : 'delete') : [];
      if (!entries.length) throw new Error('app.error.generic');
      // One revert per record (a bulk delete kept one entry each); the first refusal stops and is shown.
      for (const entry of entries) await dataProvider.revertChange(entry);
      notify('resources.audit.restore.undone', { type: 'info' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'app.error.generic', { type: 'error' });
    }
  };
  const count = ids.length;
  const message = translate(`resources.${resource}.notifications.deleted`, { smart_count: count, _: translate('ra.notification.deleted', { smart_count: count }) });
  return (
    <Alert
      severity="info"
      variant="filled"
      action={
        mayRead && mayCreate && key ? (
          <Button color="inherit" size="small" onClick={undo}>
            {translate('resources.audit.restore.undo')}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
};
