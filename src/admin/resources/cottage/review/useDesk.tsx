/**
 * The desk's state: the claimed cottage, the session's skip list and counts, and the moves — decide, skip, undo —
 * each of which claims the next cottage at once. The shown cottage stays on screen until the next one has arrived
 * (no blank between two). Leaving the desk releases the claim, unless the moderator went to its full edit.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { HttpError, useDataProvider, useNotify, type Identifier } from 'react-admin';
import { UNDO_MS } from '../../../components/DeletedNote';
import { currentOf } from '../../../providers/conflict';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { ClaimedCottage } from '../../../providers/reviewApi';
import { photosOf } from './PhotoViewer';
import { closeDecisionNote, DecisionNote } from './DecisionNote';
import { releaseWhileLeaving } from './leave';
import { addSkip, countDecision, readSkips, readStats, type SessionStats } from './sessionStats';
import { deskReducer, INITIAL_DESK, type DeskAction } from './deskState';

type Decision = 'confirmed' | 'rejected';
interface Decided {
  id: Identifier;
  name: string;
  decision: Decision;
  spentMs: number;
}

const T = 'resources.cottage.review';
/** Renew the claim this long before it expires (claiming again renews one's own claim). */
const RENEW_BEFORE_MS = 60_000;
const messageOf = (error: unknown) => (error as Error)?.message || 'app.error.generic';

export function useDesk() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [{ current, status, error, busy }, dispatch] = useReducer(deskReducer, INITIAL_DESK);
  const [stats, setStats] = useState<SessionStats>(() => readStats());
  const currentRef = useRef<ClaimedCottage | null>(null);
  const skipRef = useRef<string[]>(readSkips());
  const shownAt = useRef(Date.now());
  /** Set when the moderator opens the full edit: the claim stays theirs. */
  const keepClaim = useRef(false);
  // Through the query client, so the menu badge and the home counts refresh after a decision (queryClient.ts).
  const moderate = useMutation({
    mutationFn: (v: { id: Identifier; decision: Decision; reason?: string; version?: string }) =>
      dataProvider.moderateCottage(v.id, v.decision, v.reason, v.version),
  });
  // A mutation too, so that the live stream's echo of an undo is known as this tab's own (LiveProvider).
  const undoDecision = useMutation({ mutationFn: (v: { id: Identifier }) => dataProvider.undoDecision(v.id) });

  const show = useCallback(
    (next: ClaimedCottage | null) => {
      currentRef.current = next;
      dispatch({ type: 'shown', cottage: next });
      shownAt.current = Date.now();
      if (!next) return;
      // Its facts and photos start loading while the moderator reads the rest.
      void queryClient.prefetchQuery({ queryKey: ['cottage', 'desk', String(next.id)], queryFn: () => dataProvider.deskFacts(next.id) });
      for (const src of photosOf(next)) new Image().src = src;
    },
    [dataProvider, queryClient],
  );

  /** The shown cottage read again: it stays where it is in the queue. */
  const refresh = useCallback((cottage: ClaimedCottage) => {
    currentRef.current = cottage;
    dispatch({ type: 'refreshed', cottage });
  }, []);

  const claimNext = useCallback(async () => {
    try {
      show(await dataProvider.claimCottage(skipRef.current));
    } catch (e) {
      dispatch({ type: 'failed', error: messageOf(e) });
    }
  }, [dataProvider, show]);

  const run = useOneMoveAtATime(dispatch);

  const undo = useCallback(
    (last: Decided) =>
      run(async () => {
        try {
          const back = await undoDecision.mutateAsync({ id: last.id });
          const before = currentRef.current;
          setStats((s) => countDecision(s, last.decision, last.spentMs, -1));
          // One cottage at a time: the one taken meanwhile goes back to the queue.
          if (before && String(before.id) !== String(back.id)) await dataProvider.releaseClaim(before).catch(() => undefined);
          show(back);
          notify(`${T}.undone`, { type: 'info', messageArgs: { name: last.name } });
          void queryClient.invalidateQueries({ queryKey: ['cottage'] });
        } catch (e) {
          notify(e instanceof HttpError && e.status === 409 ? `${T}.undo_failed` : messageOf(e), { type: 'error' });
        }
      }),
    [dataProvider, notify, queryClient, run, show, undoDecision],
  );

  const decide = useCallback(
    (decision: Decision, reason?: string) =>
      run(async () => {
        const cottage = currentRef.current;
        if (!cottage) return;
        try {
          const version = typeof cottage.updatedAt === 'string' ? cottage.updatedAt : undefined;
          await moderate.mutateAsync({ id: cottage.id, decision, reason, version });
        } catch (e) {
          const fresh = currentOf(e);
          if (fresh && fresh.cottageStatus === 'progress') {
            // Edited meanwhile but still undecided: the moderator sees what it is now, and decides again.
            notify('app.conflict.message', { type: 'warning' });
            return show({ ...fresh, claim: cottage.claim });
          }
          if (!(e instanceof HttpError && e.status === 409)) return void notify(messageOf(e), { type: 'error' });
          notify(`${T}.taken`, { type: 'warning' });
          return claimNext();
        }
        const last: Decided = { id: cottage.id, name: String(cottage.name), decision, spentMs: Date.now() - shownAt.current };
        setStats((s) => countDecision(s, decision, last.spentMs));
        closeDecisionNote();
        notify(<DecisionNote last={last} onUndo={() => void undo(last)} />, { type: 'info', autoHideDuration: UNDO_MS });
        void queryClient.invalidateQueries({ queryKey: ['cottage'] });
        await claimNext();
      }),
    [claimNext, moderate, notify, queryClient, run, show, undo],
  );

  const skip = useCallback(
    () =>
      run(async () => {
        const cottage = currentRef.current;
        if (!cottage) return;
        skipRef.current = addSkip(skipRef.current, String(cottage.id));
        await dataProvider.releaseClaim(cottage).catch(() => undefined);
        await claimNext();
      }),
    [claimNext, dataProvider, run],
  );

  const retry = useCallback(() => run(claimNext), [claimNext, run]);

  const recheck = useRecheck(run, currentRef, refresh, claimNext);

  useClaimWhileOpen(run, claimNext, currentRef, keepClaim);

  useClaimRenewal(current, skipRef, run, show, refresh);

  return { current, status, error, busy, stats, decide, skip, retry, recheck, keepClaim };
}

/**
 * For live events (feat/live's `useLiveChanges('cottage', …)`): when the shown cottage changed elsewhere, read it
 * again; decided by someone else, the desk says so and moves on. The read is not a move: the moderator's keys stay
 * live meanwhile (a decision on a version the read has not caught up with is refused by the server's version check).
 */
function useRecheck(
  run: (move: () => Promise<void>) => Promise<void>,
  currentRef: { current: ClaimedCottage | null },
  refresh: (cottage: ClaimedCottage) => void,
  claimNext: () => Promise<void>,
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useCallback(
    async (ids: Identifier[]) => {
      const shown = currentRef.current;
      if (!shown || !ids.map(String).includes(String(shown.id))) return;
      const stillShown = () => String(currentRef.current?.id) === String(shown.id);
      const data = await dataProvider.getOne('cottage', { id: shown.id }).then(({ data }) => data, () => null);
      if (!data || !stillShown()) return;
      void queryClient.invalidateQueries({ queryKey: ['cottage', 'desk', String(shown.id)] });
      if (data.cottageStatus === 'progress') return refresh({ ...data, claim: currentRef.current?.claim ?? shown.claim });
      await run(async () => {
        if (!stillShown()) return;
        notify(`${T}.taken`, { type: 'warning' });
        await claimNext();
      }).catch(() => undefined);
    },
    [claimNext, currentRef, dataProvider, notify, queryClient, refresh, run],
  );
}

/** Runs one move at a time; keys pressed meanwhile are dropped. */
function useOneMoveAtATime(dispatch: (action: DeskAction) => void) {
  const busyRef = useRef(false);
  return useCallback(
    async (move: () => Promise<void>) => {
      if (busyRef.current) return;
      busyRef.current = true;
      dispatch({ type: 'busy', busy: true });
      try {
        await move();
      } finally {
        busyRef.current = false;
        dispatch({ type: 'busy', busy: false });
      }
    },
    [dispatch],
  );
}

/** A moderator who lingers keeps the cottage: claiming again renews one's own claim a minute before it expires. */
function useClaimRenewal(
  current: ClaimedCottage | null,
  skipRef: { current: string[] },
  run: (move: () => Promise<void>) => Promise<void>,
  show: (next: ClaimedCottage | null) => void,
  renewedTo: (cottage: ClaimedCottage) => void,
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const expiresAt = current?.claim?.expiresAt;
  useEffect(() => {
    if (!expiresAt || !current) return;
    const wait = Math.max(15_000, new Date(expiresAt).getTime() - Date.now() - RENEW_BEFORE_MS);
    const timer = setTimeout(() => {
      void run(async () => {
        const renewed = await dataProvider.claimCottage(skipRef.current).catch(() => undefined);
        if (renewed === undefined) return;
        if (renewed && String(renewed.id) === String(current.id)) return renewedTo({ ...current, claim: renewed.claim });
        // It expired and went to someone else meanwhile: what the server handed out instead is shown.
        notify(`${T}.taken`, { type: 'warning' });
        show(renewed);
      });
    }, wait);
    return () => clearTimeout(timer);
  }, [expiresAt, current]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The first claim on opening; the claim let go when the desk closes or the page goes (not for the full edit). */
function useClaimWhileOpen(
  run: (move: () => Promise<void>) => Promise<void>,
  claimNext: () => Promise<void>,
  currentRef: { current: ClaimedCottage | null },
  keepClaim: { current: boolean },
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  useEffect(() => {
    keepClaim.current = false;
    void run(claimNext);
    const onPageHide = () => {
      if (currentRef.current && !keepClaim.current) releaseWhileLeaving(currentRef.current);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // The cottage held at closing, not at opening: the ref is the desk's state, no DOM node.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const held = currentRef.current;
      if (held && !keepClaim.current) void dataProvider.releaseClaim(held).catch(() => undefined);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
}
