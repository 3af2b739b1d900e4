/**
 * What the change stream shows (issue #25): the app bar's offline note, a list's "N changes" chip (rows never move
 * under the cursor: the list refreshes when asked), and an edit page's banner when its record changed elsewhere, with
 * who else has it open (presence: a heartbeat every 20 s, a leave on unmount and on unload).
 */
import { Alert, Button, Chip, Stack } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useCallback, useEffect, useState } from 'react';
import { useEditContext, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { staleStore } from '../providers/conflict';
import { API_BASE, authorizedFetch } from '../providers/httpClient';
import { session } from '../providers/session';
import { resourceByRoute } from '../../shared/resources';
import { othersChangedRecord, useLiveChanges, useLiveStatus } from './LiveProvider';

const HEARTBEAT_MS = 20_000;

/** Shown while the stream is down after having been up (not on the first connect). */
export const OfflineNote = () => {
  const translate = useTranslate();
  const status = useLiveStatus();
  if (status !== 'offline') return null;
  return <Chip role="status" icon={<CloudOffIcon />} color="warning" size="small" label={translate('app.live.offline')} sx={{ mx: 1 }} />;
};

/** Above a list: how many of its resource's records changed since it was loaded, by others; a click refreshes. */
export const LiveChangesChip = () => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { refetch, data } = useListContext();
  const [count, setCount] = useState(0);
  useLiveChanges(resource, (change) => {
    if (othersChangedRecord(change)) setCount((n) => n + 1);
  });
  // A refetch however caused (a filter, a page, this chip) shows the changes: nothing is pending any more.
  useEffect(() => setCount(0), [data]);
  if (!count) return null;
  return (
    <Chip
      color="info"
      data-testid="live-changes"
      label={translate('app.live.changes', { smart_count: count })}
      title={translate('app.live.changes_hint')}
      onClick={() => {
        setCount(0);
        void refetch();
      }}
      sx={{ alignSelf: 'flex-start', m: 1 }}
    />
  );
};

interface Present {
  userId: string;
  name: string;
  since: string;
}

/** Keeps this tab present on the record while mounted; answers who else is. */
function usePresence(route: string | undefined, id: string | undefined): Present[] {
  const [others, setOthers] = useState<Present[]>([]);
  // The server names a resource by its registry key: `cottage-type`, `services` and `roles` were refused (400).
  const resource = route && (resourceByRoute(route)?.key ?? route);
  const beat = useCallback(async () => {
    if (!resource || !id) return;
    const res = await authorizedFetch('presence', { method: 'PUT', body: JSON.stringify({ resource, id }) }).catch(() => undefined);
    if (res) setOthers(((await res.json()) as { others: Present[] }).others);
  }, [resource, id]);
  useEffect(() => {
    if (!resource || !id) return;
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    const body = JSON.stringify({ resource, id });
    // On unload a normal fetch is cancelled; a keepalive one is sent anyway.
    const leave = () =>
      void fetch(`${API_BASE}/presence`, { method: 'DELETE', keepalive: true, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken() ?? ''}` } }).catch(() => {});
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [resource, id, beat]);
  // Someone joined or left (the stream names the resource by its key too): ask again.
  useLiveChanges(resource, (change) => {
    if (change.action === 'presence' && id && change.ids.includes(id)) void beat();
  });
  return others;
}

/** On an edit page: who else has the record open, and a banner once it changed elsewhere. */
export const LiveEditNotice = () => {
  const translate = useTranslate();
  const { record, resource, refetch } = useEditContext();
  const id = record?.id === undefined ? undefined : String(record.id);
  const [changed, setChanged] = useState(false);
  useLiveChanges(resource, (change) => {
    if (othersChangedRecord(change) && id && change.ids.includes(id)) {
      staleStore.mark(resource, id);
      setChanged(true);
    }
  });
  useEffect(() => () => (id ? staleStore.clear(resource, id) : undefined), [resource, id]);
  const others = usePresence(resource, id);
  return (
    <Stack spacing={1} sx={{ px: 2, pt: others.length || changed ? 1 : 0 }}>
      {others.length > 0 && (
        <Stack direction="row" spacing={1} flexWrap="wrap" data-testid="presence">
          {others.map((o) => (
            <Chip key={o.userId} size="small" color="secondary" label={translate('app.live.editing', { name: o.name })} />
          ))}
        </Stack>
      )}
      {changed && (
        <Alert
          severity="warning"
          data-testid="record-changed"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setChanged(false);
                if (id) staleStore.clear(resource, id);
                void refetch();
              }}
            >
              {translate('app.live.reload')}
            </Button>
          }
        >
          {translate('app.live.changed')}
        </Alert>
      )}
    </Stack>
  );
};
