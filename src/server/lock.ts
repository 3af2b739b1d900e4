/**
 * PGlite has no lock on its folder, and two servers on one folder would corrupt it: the first server takes
 * `<DATA_DIR>/server.lock` (its pid inside, and on Linux the process's start time) and keeps it open while it runs; a
 * second refuses to start while that process holds it. A lock whose process is gone (a crash, `kill -9`, a power cut)
 * is stale: it is taken over, and `onStale` is told whose it was. A pid handed since to another process is no holder
 * either: on Linux the holder must still have this very file open (`/proc/<pid>/fd`), which no unrelated process has;
 * where that cannot be read, the start time tells a dead server's pid from the same pid given to a new process.
 */
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeSync } from 'node:fs';
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

/**
 * Whether `pid` has `file` open: true or false on Linux, undefined where `/proc/<pid>/fd` cannot be read (another
 * system, or another user's process).
 */
function holdsOpen(pid: number, file: string): boolean | undefined {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' && processStartTime('self') ? false : undefined;
  }
  const target = path.join(realpathSync(path.dirname(file)), path.basename(file));
  return fds.some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
    } catch {
      return false;
    }
  });
}

interface LockOptions {
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
      const fd = openSync(file, 'wx', 0o600);
      const started = processStartTime('self');
      writeSync(fd, started ? `${process.pid} ${started}` : String(process.pid));
      // Kept open until released: an open descriptor is what proves to the next start that this process holds it.
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        closeSync(fd);
        rmSync(file, { force: true });
      };
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
      // The pid lives and has this file open; where that cannot be seen, it is still the process that wrote the lock
      // (when both start times are known).
      const open = pid && pid !== process.pid ? holdsOpen(pid, file) : false;
      const holder =
        open ??
        (pid && alive(pid) && (!recordedStart || !processStartTime(pid) || processStartTime(pid) === recordedStart));
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
