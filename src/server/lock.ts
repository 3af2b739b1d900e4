/**
 * PGlite has no lock on its folder, and two servers on one folder would corrupt it: the first server takes
 * `<DATA_DIR>/server.lock` (its pid inside, and on Linux the process's start time); a second refuses to start while
 * that process lives. A lock whose process is gone (a crash, `kill -9`, a power cut) is stale: it is taken over, and
 * `onStale` is told whose it was. The start time tells a dead server's pid from the same pid given to a new process.
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

/** A process's start time in clock ticks since boot (Linux `/proc/<pid>/stat`, field 22); undefined elsewhere. */
export function processStartTime(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses) start at field 3.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

export interface LockOptions {
  /** Called when a lock left by a process that no longer runs is taken over (the pid it named, or null if unreadable). */
  onStale?: (pid: number | null) => void;
}

/** The line a start prints when it took a stale lock over. */
export function staleLockNotice(pid: number | null): string {
  return `the data folder lock of ${pid ? `pid ${pid}` : 'an unknown process'} was stale (that server stopped without releasing it, e.g. it crashed or was killed); taking it over`;
}

export function lockDataDir(dataDir: string, opts: LockOptions = {}): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const started = processStartTime('self');
      writeSync(fd, started ? `${process.pid} ${started}` : String(process.pid));
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
      const [pidText, recordedStart] = text.split(/\s+/);
      const pid = /^\d+$/.test(pidText ?? '') ? Number(pidText) : null;
      // The pid lives and, when both start times are known, is still the process that wrote the lock.
      const holder = pid && pid !== process.pid && alive(pid) && (!recordedStart || !processStartTime(pid) || processStartTime(pid) === recordedStart);
      if (holder) {
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
