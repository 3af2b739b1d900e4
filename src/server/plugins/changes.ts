/**
 * The caches that live until a write changes what they hold (cache/write-cache.ts) — the checked sessions with their
 * permissions — and how a write reaches them in every server process on the database; and the kept answers of lists
 * and their totals (cache/kept-answers.ts), keyed to the versions of the tables they read, which no write has to empty.
 *
 * Every transaction that writes sends, at its commit, a notice naming the tables it wrote (`tables:a,b`, migration
 * 0024: the database sends it, whoever wrote). Each process hears it and runs the watchers of those tables
 * (`watchWrites`): the session cache's drops what they may have changed (plugins/session-freshness.ts), so an edit of
 * a cottage costs no one anything. A server's write (any request but GET/HEAD/OPTIONS) then announces itself on the
 * same channel and answers once that notice is back, and the runs it follows have ended, and a moment more:
 * PostgreSQL delivers the notices in commit order and signals every listener at the same commit, so the others have
 * heard the tables too, and a revoked session or a new record is seen by any process on the next request. The database
 * also names single rows on the channel (`session:<id>`), which `watchNotices` hands on as they arrive.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { KeptAnswers } from '../cache/kept-answers';
import { WriteCache } from '../cache/write-cache';
import type { CachedSession } from './auth';

interface Caches {
  /** Session id → the live session and its user's permissions. */
  sessions: WriteCache<CachedSession>;
  /** A list's filter (the versions of the tables it reads, path, language, filter) → how many records it holds. */
  listTotals: KeptAnswers<number>;
  /** A list call (the versions of the tables it reads, path, language, range, sort, filter) → its answer. */
  listPages: KeptAnswers<ComputedList>;
}

/**
 * A list's answer as sent: the JSON text's bytes (encoded once, not at every send: under repeated reads the encoding
 * was most of the garbage), the records it holds and the list's total (for the range headers).
 */
export interface CachedPage {
  body: Buffer;
  count: number;
  total: number;
}

/** A list call's answer, or the ids of a list too long to build whole (streamed, never kept). */
export type ComputedList = CachedPage | { ids: string[]; total: number };

/**
 * A list's answer is found again only under the versions of the tables it read (query/table-versions.ts): exact
 * whoever writes, this server, another one or a script, and kept through writes to other tables — a lookup costs one
 * statement that reads one small table instead of one that builds 60 kB of JSON. It also lives at most a second, for what changes without a commit: time passing (a premium placement
 * expiring at its hour leaves the cottage page within a second).
 */
const PAGE_TTL_MS = 1_000;
/**
 * How long a checked session is kept. Every write to the tables it is read from is heard, whoever made it (the
 * database's notice), so this bounds only a notice lost in the moment the channel drops (then the cache is emptied and
 * off until it is back). It was 5 s while changes outside the servers were heard only at a server's next write: under
 * a team's load every admin's session was read again every 5 s in every process (three statements and its ~70
 * permissions each time).
 */
const SESSION_TTL_MS = 60_000;
/** At most this many answers (a cottage page is ~60 kB: ~6 MB), so memory stays bounded whatever is asked. */
const PAGE_ENTRIES = 100;

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches;
    /**
     * Runs `watcher` after every write to one of `tables`, in every process when the write's notice arrives, with the
     * tables written (of those) since its last run. Runs happen one at a time, in the order of the notices.
     */
    watchWrites(tables: readonly string[], watcher: (written: Set<string>) => Promise<void>): void;
    /**
     * Calls `onNotice` with the rest of every notice on the channel that starts with `prefix` (a row the database names,
     * e.g. `session:<id>`), at once and in the order of the commits, before any later write's notice is answered.
     */
    watchNotices(prefix: string, onNotice: (rest: string) => void): void;
  }
  interface FastifyContextConfig {
    /** A non-GET route that changes nothing the caches hold (presence heartbeats): it empties and announces nothing. */
    changesNothing?: boolean;
  }
}

/** Methods that cannot change anything; any other request empties the caches. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The NOTIFY channel through which server processes on one database tell each other that data changed. */
const CHANNEL = 'dacha_change';
/** What the database's notice of a transaction's tables starts with (migration 0024). */
const TABLES_NOTICE = 'tables:';
/** How long a writer waits for its own notice to come back before answering anyway. */
const ECHO_WAIT_MS = 1000;
/**
 * And then a moment more: the others were signalled at the same commit, but each reads its notice when its event loop
 * gets to the socket — in the same process (tests with two apps) only after the writer's answer has run on, if nothing
 * yields. 25 ms is a cheap price for a write; a process stalled longer can serve a stale entry that long (TTL 5 s).
 */
const ECHO_GRACE_MS = 25;

async function changesPlugin(app: FastifyInstance) {
  const caches: Caches = {
    sessions: new WriteCache(SESSION_TTL_MS),
    listTotals: new KeptAnswers(5_000, 1_000),
    listPages: new KeptAnswers(PAGE_TTL_MS, PAGE_ENTRIES),
  };
  app.decorate('caches', caches);
  // Not trusted while the channel is down; the kept answers need no channel: their keys change with what they read.
  const all: WriteCache<unknown>[] = [caches.sessions];
  const watchers: { tables: Set<string>; watcher: (written: Set<string>) => Promise<void> }[] = [];
  app.decorate('watchWrites', (tables: readonly string[], watcher: (written: Set<string>) => Promise<void>) => void watchers.push({ tables: new Set(tables), watcher }));
  const noticeWatchers: { prefix: string; onNotice: (rest: string) => void }[] = [];
  app.decorate('watchNotices', (prefix: string, onNotice: (rest: string) => void) => void noticeWatchers.push({ prefix, onNotice }));
  // One run of the watchers at a time. Tables heard while a run is under way wait for the next one, which starts after
  // it; notices heard before that next run starts share it (under a team's load, a queue of one run per write made
  // every write wait behind the others' statements). The caches serve nothing from the moment a watched table's write
  // is heard until the run that sees it ends.
  let running: Promise<void> = Promise.resolve();
  let next: Promise<void> | undefined;
  let pending = new Set<string>();
  const runWatchers = (tables: string[]): Promise<void> => {
    const watched = tables.filter((t) => watchers.some((w) => w.tables.has(t)));
    if (!watched.length) return next ?? running;
    for (const t of watched) pending.add(t);
    if (next) return next;
    for (const cache of all) cache.hold();
    const run = running.then(async () => {
      next = undefined;
      const written = pending;
      pending = new Set();
      try {
        for (const { tables: own, watcher } of watchers) {
          const mine = new Set([...written].filter((t) => own.has(t)));
          if (mine.size) await watcher(mine).catch((err: Error) => app.log.error({ err }, 'a write watcher failed'));
        }
      } finally {
        for (const cache of all) cache.release();
      }
    });
    next = run;
    running = run;
    return run;
  };
  const origin = randomUUID();
  const echoes = new Map<string, () => void>();
  let sequence = 0;
  let listening = false;
  const stop = await app.database.listen(
    CHANNEL,
    (payload) => {
      // A transaction's tables (sent at its commit), or a server's announcement of its write: answered once the runs
      // of the notices before it have ended.
      if (payload.startsWith(TABLES_NOTICE)) return void runWatchers(payload.slice(TABLES_NOTICE.length).split(','));
      const row = noticeWatchers.find((w) => payload.startsWith(w.prefix));
      if (row) return row.onNotice(payload.slice(row.prefix.length));
      void (next ?? running).then(() => echoes.get(payload)?.());
    },
    (up) => {
      listening = up;
      for (const cache of all) cache.setTrusted(up);
      if (!up) app.log.warn('lost the database channel of changes: the caches are off until it is back');
    },
  );
  app.addHook('onClose', async () => {
    listening = false;
    await stop().catch(() => {});
  });

  async function announce() {
    const token = `${origin}:${++sequence}`;
    const echo = listening
      ? new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ECHO_WAIT_MS);
          echoes.set(token, () => {
            clearTimeout(timer);
            resolve();
          });
        })
      : undefined;
    try {
      await app.db.execute(sql`select pg_notify(${CHANNEL}, ${token})`);
      if (echo) await echo.then(() => new Promise((resolve) => setTimeout(resolve, ECHO_GRACE_MS)));
    } finally {
      echoes.delete(token);
    }
  }

  // Before the answer leaves: the writer's next request, and anyone's after it on any process, reads afresh.
  app.addHook('onSend', async (request) => {
    if (READS.has(request.method) || request.routeOptions.config?.changesNothing) return;
    await announce().catch((err: Error) => request.log.error({ err }, 'could not announce a change'));
  });
}

export default fp(changesPlugin, { name: 'changes', dependencies: ['database'] });
