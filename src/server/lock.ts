/**
 * PGlite has no lock on its folder, and two servers on one folder would corrupt it: the first server takes
 * `<DATA_DIR>/server.lock` (its pid inside); a second refuses to start while that process lives. A lock whose process
 * is gone (a crash, `kill -9`, a power cut) is stale: it is taken over, and `onStale` is told whose it was.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class LockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface LockOptions {
  /** Called when a lock left by a process that no longer runs is taken over (the pid it named, or null if unreadable). */
  onStale?: (pid: number | null) => void;
}

export function lockDataDir(dataDir: string, opts: LockOptions = {}): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let text = '';
      try {
        text = readFileSync(file, 'utf8').trim();
      } catch (readErr) {
        // Released between our open and our read: try again.
        if ((readErr as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw readErr;
      }
      const pid = /^\d+$/.test(text) ? Number(text) : null;
      if (pid && pid !== process.pid && alive(pid)) {
        throw new LockedError(
          `Another Dacha Admin server (pid ${pid}) is already using the data folder ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      // Left behind by a server that died without releasing it (or an empty file from one killed while writing it).
      rmSync(file, { force: true });
      opts.onStale?.(pid);
    }
  }
  throw new LockedError(`Could not lock the data folder ${dataDir}`);
}
