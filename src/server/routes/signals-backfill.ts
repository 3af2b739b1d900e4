/**
 * Signals for what was written without them (issue #35; docs/decisions.md "Signals for what was written without
 * them"): cottages a seed, an import before signals existed or a restore wrote have no signals and risk 0, and their
 * images no hashes, until their next write. At start, in the background, each worker walks the cottages that still
 * need it (no fingerprint, or an image without hashes of its current file) in id order, a small page at a time, and
 * recomputes them as a write would: hashes, signals, and a change event for the open panels.
 *
 * Bounded: each cottage is visited at most once a run (a page starts after the last id), an unreadable or flat file
 * is marked as looked at, the pages are small and run one after another with a pause between them, so requests keep
 * their share of the engine; closing the app stops it after the page in hand. One worker does it: on PostgreSQL the
 * first to take an advisory lock (held by a transaction of its own for the run; the others skip it); PGlite is one
 * process. Were two to run anyway, every step is what a write does — a cottage's recompute holds its row, hashes are
 * upserts — so they would only repeat work.
 */
import type { FastifyInstance } from 'fastify';
import { cottagesToBackfill, tryBackfillLock } from '../repos/signals';
import { publishChange } from '../repos/events';
import { photoIndexOf } from '../repos/photo-index';
import { recomputeSignals } from './cottage-signals';

const PAGE = 20;
/** Between pages: the engine's turn for requests (PGlite has one connection). */
const PAUSE_MS = 50;

/** Backfills every cottage that needs it; `stopped` is checked between pages. Answers how many were recomputed. */
export async function backfillSignals(app: FastifyInstance, stopped: () => boolean = () => false): Promise<number> {
  let after: string | null = null;
  let done = 0;
  while (!stopped()) {
    const ids = await cottagesToBackfill(app.db, after, PAGE);
    if (!ids.length) break;
    const changed = await recomputeSignals(app.db, app.storage, ids);
    if (changed.length) await publishChange(app.db, { resource: 'cottage', ids: changed, action: 'signals' });
    done += ids.length;
    after = ids.at(-1)!;
    if (ids.length < PAGE) break;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return done;
}

/**
 * Runs the backfill unless another worker is running it: answers the count, or undefined when skipped. The lock is a
 * transaction's (released at its end, or when its connection drops with a dead worker); the transaction only holds it
 * and writes nothing, so it keeps no snapshot and no transaction id that the photo index's horizon would wait for.
 */
export async function backfillInOneWorker(app: FastifyInstance, stopped: () => boolean): Promise<number | undefined> {
  if (app.database.kind === 'pglite') return backfillSignals(app, stopped);
  return app.db.transaction(async (tx) => ((await tryBackfillLock(tx)) ? backfillSignals(app, stopped) : undefined));
}

/**
 * Loads the photo index and starts the backfill once the app is ready, without holding the start; the app's close
 * waits for the page in hand.
 */
export function scheduleSignalsBackfill(app: FastifyInstance): void {
  let stop = false;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    // The photo index is loaded first (7–10 s at 100 000 images, window hashes and all), so the first upload or search does not wait for it.
    running = photoIndexOf(app.db)
      .refresh(app.db)
      .then(() => backfillInOneWorker(app, () => stop))
      .then(
        (n) => {
          if (n === undefined) app.log.debug('signals: another worker runs the backfill');
          else if (n) app.log.info(`signals: ${n} cottages written without signals now have them`);
        },
        (err: unknown) => stop || app.log.error({ err }, 'signals backfill failed; the next start tries again'),
      );
  });
  app.addHook('onClose', async () => {
    stop = true;
    await running;
  });
}
