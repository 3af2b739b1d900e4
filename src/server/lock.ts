/**
 * PGlite has no lock on its folder, and two servers on one folder would corrupt it: the first server takes
 * `<DATA_DIR>/server.lock` (its pid inside); a second refuses to start while that process lives.
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

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid)) {
        throw new LockedError(
          `Another Dacha Admin server (pid ${pid}) is already using the data folder ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true }); // left behind by a server that died
    }
  }
  throw new LockedError(`Could not lock the data folder ${dataDir}`);
}
