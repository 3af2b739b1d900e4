/** `DELETED_FILES_DAYS`: removes deleted records' files once a revert may no longer bring them back. */
import type { FastifyInstance } from 'fastify';
import { expiredFiles, forgetFiles } from '../repos/retired-files';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes the files retired more than `days` days ago: each file first, then its row, so a crash in between leaves a
 * row that the next sweep finishes (never a file nothing knows of). Answers how many went.
 */
export async function sweepDeletedFiles(app: FastifyInstance, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const paths = await expiredFiles(app.db, days, BATCH);
    if (!paths.length) return total;
    const removed: string[] = [];
    for (const path of paths) {
      try {
        await app.storage.remove(path);
        removed.push(path);
      } catch (err) {
        app.log.warn({ err }, 'deleted files: could not remove a file; the next sweep tries again');
      }
    }
    await forgetFiles(app.db, removed);
    total += removed.length;
    if (removed.length < paths.length || paths.length < BATCH) return total;
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
