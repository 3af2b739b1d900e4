/** `DELETED_FILES_DAYS`: removes deleted records' files once a revert may no longer bring them back. */
import type { FastifyInstance } from 'fastify';
import { forgetFiles, lockExpiredFiles } from '../repos/retired-files';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Removes the files retired more than `days` days ago, a batch per transaction that holds their rows: each file
 * first, then its row, so a crash in between leaves a row the next sweep finishes (never a file nothing knows of), and
 * a revert taking one of them back meanwhile waits and then finds it gone (409). Answers how many went.
 */
export async function sweepDeletedFiles(app: FastifyInstance, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { found, removed } = await app.db.transaction(async (tx) => {
      const paths = await lockExpiredFiles(tx, days, BATCH);
      const gone: string[] = [];
      for (const path of paths) {
        try {
          await app.storage.remove(path);
          gone.push(path);
        } catch (err) {
          app.log.warn({ err }, 'deleted files: could not remove a file; the next sweep tries again');
        }
      }
      await forgetFiles(tx, gone);
      return { found: paths.length, removed: gone.length };
    });
    total += removed;
    if (removed < found || found < BATCH) return total;
  }
}

/** The sweep once the app is ready and then daily, on a timer that never keeps the process alive. */
export function scheduleDeletedFilesSweep(app: FastifyInstance): void {
  const days = app.config.deletedFilesDays;
  const sweep = () =>
    sweepDeletedFiles(app, days).then(
      (n) => n && app.log.info(`deleted files: ${n} files older than ${days} days removed`),
      (error: unknown) => app.log.error({ err: error }, 'deleted files sweep failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
