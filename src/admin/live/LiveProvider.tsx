/**
 * The change stream in React (issue #25): one stream per browser, shared by its tabs (providers/sharedLive.ts, issue
 * #34), mounted in the layout. `useLiveChanges(resource, handler)`
 * hears the changes of a resource (`'*'`: all), each marked `own` when this tab wrote it a moment ago (or is writing it: live/ownWrites.ts);
 * `useLiveStatus()` says whether the stream is up. A `reset` (events were missed) refetches every query, and the
 * dashboard counts (home tiles, the menu's badge) are refetched shortly after any change.
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';
import type { LiveChange, LiveStatus } from '../providers/liveEvents';
import { SharedLiveEvents } from '../providers/sharedLive';
import { OwnWrites, type WriteTarget } from './ownWrites';
import { WRITE_SENSITIVE_KEYS } from '../providers/queryClient';
import { resourceByRoute } from '../../shared/resources';

interface HeardChange extends LiveChange {
  /** This tab saved it (a successful write of the same resource and id within the last few seconds). */
  own: boolean;
}

/**
 * Changes around a record that leave its fields as they were: who has it open, who reviews it, its moderation signals
 * recomputed after a write (the write itself was told).
 */
const AROUND_THE_RECORD = new Set(['presence', 'claim', 'release', 'signals']);
/** Whether someone else changed the record itself: what a list's chip counts and an open edit page warns of. */
export const othersChangedRecord = (change: HeardChange) => !change.own && !AROUND_THE_RECORD.has(change.action);

interface Live {
  events: SharedLiveEvents;
  /** Whether this tab wrote the change a moment ago. */
  isOwn: (change: LiveChange) => boolean;
}

const LiveContext = createContext<Live | null>(null);
const STATS_DEBOUNCE_MS = 500;

/**
 * The stream names a resource by its registry key (`cottageType`); react-admin and the panel's pages by its route
 * (`cottage-type`, `services`, `roles`). Both sides are compared by the key.
 */
const keyOf = (resource: string) => resourceByRoute(resource)?.key ?? resource;

/**
 * The resource and ids of a react-admin mutation (`{ resource, id }`, `{ resource, ids }`), if any, with the id its
 * answer names (`{ data: { id } }`: a create's new record).
 */
function written(variables: unknown, answer?: unknown): WriteTarget {
  const v = (variables ?? {}) as { resource?: unknown; id?: unknown; ids?: unknown; data?: { id?: unknown } };
  const answered = (answer ?? {}) as { data?: { id?: unknown } };
  const ids = [v.id, v.data?.id, answered.data?.id, ...(Array.isArray(v.ids) ? v.ids : [])].filter((x) => x !== undefined && x !== null).map(String);
  return { resource: typeof v.resource === 'string' ? keyOf(v.resource) : undefined, ids };
}

export const LiveProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const [own] = useState(() => new OwnWrites());
  const [value] = useState<Live>(() => ({ events: new SharedLiveEvents(), isOwn: (change) => own.isOwn(change) }));
  const live = value.events;
  // Kept in a ref: the hook's function changes with the location, and the stream must not reopen on each navigation.
  const logoutNow = useLogoutIfAccessDenied();
  const logoutIfAccessDenied = useRef(logoutNow);
  logoutIfAccessDenied.current = logoutNow;

  useEffect(() => {
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { mutationId, state } = event.mutation;
      if (event.action.type === 'pending') own.sent(mutationId, written(state.variables));
      else if (event.action.type === 'success') own.succeeded(mutationId, written(state.variables, state.data));
      else if (event.action.type === 'error') own.failed(mutationId);
    });
    let statsTimer: ReturnType<typeof setTimeout> | undefined;
    const offChange = live.onChange((change) => {
      // Another panel's write: the caches any write can make stale follow it, as they follow this tab's own writes.
      for (const queryKey of WRITE_SENSITIVE_KEYS) if (queryKey[0] === change.resource) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      clearTimeout(statsTimer);
      statsTimer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['stats'] }), STATS_DEBOUNCE_MS);
    });
    const offReset = live.onReset(() => void queryClient.invalidateQueries());
    // A session ended elsewhere (an admin's "End", a password change) closes the stream: go to the login page now,
    // not at the next click.
    const offEnded = live.onSessionEnded((status) => void logoutIfAccessDenied.current({ status }));
    live.start();
    return () => {
      mutations();
      offChange();
      offReset();
      offEnded();
      clearTimeout(statsTimer);
      live.stop();
    };
  }, [live, own, queryClient]);

  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
};

/** Calls `handler` for each change of `resource` (its route or key; `'*'`: every resource) while the component is mounted. */
export function useLiveChanges(resource: string | undefined, handler: (change: HeardChange) => void) {
  const live = useContext(LiveContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!live || !resource) return;
    const key = resource === '*' ? '*' : keyOf(resource);
    return live.events.onChange((change) => {
      if (key !== '*' && change.resource !== key) return;
      latest.current({ ...change, own: live.isOwn(change) });
    });
  }, [live, resource]);
}

/** The stream's state: `connecting` (first connect), `online`, `offline` (down, reconnecting), `stopped` (logged out). */
export function useLiveStatus(): LiveStatus {
  const live = useContext(LiveContext);
  return useSyncExternalStore(
    (notify) => live?.events.onStatus(notify) ?? (() => {}),
    () => live?.events.status ?? 'stopped',
  );
}
