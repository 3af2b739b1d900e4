/**
 * The data folder holds every password hash, the token keys and the uploads: only the server's own user may read or
 * write it (folders 0700, files 0600). The process umask (077) covers every file created from then on, PGlite's
 * included (it creates them with 0666 and leaves the narrowing to the umask); `secureDataDir` also mends what an
 * earlier version left open, once per start.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** What the server keeps in `DATA_DIR`; only these are mended, so a DATA_DIR pointed at a shared folder keeps the rest. */
const DATA_DIR_ENTRIES = ['db', 'uploads', 'secrets.json', 'server.lock', 'backup.sock', 'backup-staging'];

/** Sets the umask and creates or mends the folder. Answers how many entries had too open a mode. */
export function secureDataDir(dataDir: string): number {
  restrictUmask();
  mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  let mended = tighten(dataDir, lstatSync(dataDir).mode, DIR_MODE);
  for (const name of DATA_DIR_ENTRIES) mended += mendDataDir(path.join(dataDir, name));
  return mended;
}

/** New files and folders of this process get no group or other access. Not allowed (nor needed) in a worker thread. */
export function restrictUmask() {
  process.umask(0o077);
}

function tighten(file: string, mode: number, wanted: number): number {
  if ((mode & 0o777) === wanted) return 0;
  chmodSync(file, wanted);
  return 1;
}

/** Folders 0700 and files 0600, all the way down; symbolic links are left alone (and not followed). */
export function mendDataDir(file: string): number {
  let stat;
  try {
    stat = lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  if (stat.isSymbolicLink()) return 0;
  if (!stat.isDirectory()) return tighten(file, stat.mode, FILE_MODE);
  let mended = tighten(file, stat.mode, DIR_MODE);
  for (const name of readdirSync(file)) mended += mendDataDir(path.join(file, name));
  return mended;
}
