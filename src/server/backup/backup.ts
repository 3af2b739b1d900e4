/**
 * Backups of the embedded database (docs/decisions.md, "Backups"): one file holding the database folder as PGlite
 * keeps it (`db/`), the uploads (`uploads/`) and the token keys (`secrets.json`), so that a restored server answers
 * what the original did and its sessions stay valid.
 *
 * Consistency: the copy is taken while nothing writes. A stopped server's folder is locked for the copy; a running
 * server copies its own database folder while it holds PGlite's query lock (no statement, no commit runs meanwhile),
 * which is the state a `kill -9` at that instant would leave, and PostgreSQL's crash recovery — `npm run test:crash`
 * proves it — replays it on the restored server. Uploads are never changed in place (new names for new files), so
 * they are linked, not copied, during that pause: a file deleted after it is still in the backup.
 */
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { TarWriter, readArchive, BadArchiveError, type Entry } from './archive';

const MANIFEST = 'dacha-backup.json';
/** What a backup holds, relative to DATA_DIR. */
export const BACKED_UP = ['db', 'uploads', 'secrets.json'];
/** A running server's copy, inside DATA_DIR (0700) while it is archived. */
export const STAGING = 'backup-staging';

interface Manifest {
  kind: 'dacha-admin-backup';
  format: 1;
  createdAt: string;
}

export interface Totals {
  files: number;
  bytes: number;
}

/** Files and folders under `root/name`, folders first, in a stable order. */
function tree(root: string, name: string, out: { name: string; kind: Entry['kind'] }[] = []) {
  const full = path.join(root, name);
  let stat;
  try {
    stat = lstatSync(full);
  } catch {
    return out;
  }
  if (stat.isDirectory()) {
    out.push({ name, kind: 'dir' });
    for (const child of readdirSync(full).sort()) tree(root, `${name}/${child}`, out);
  } else if (stat.isFile()) {
    out.push({ name, kind: 'file' });
  }
  return out;
}

/** Writes the backup of the folder `from` (a stopped DATA_DIR, or a running server's staging copy) to `out`. */
export async function writeBackup(from: string, out: Writable): Promise<Totals> {
  const gzip = createGzip({ level: 6 });
  const done = pipeline(gzip, out);
  const tar = new TarWriter(gzip);
  const totals: Totals = { files: 0, bytes: 0 };
  const manifest: Manifest = { kind: 'dacha-admin-backup', format: 1, createdAt: new Date().toISOString() };
  await tar.add({ name: MANIFEST, kind: 'file', data: Buffer.from(JSON.stringify(manifest)) });
  for (const top of BACKED_UP) {
    for (const entry of tree(from, top)) {
      const data = entry.kind === 'file' ? readFileSync(path.join(from, entry.name)) : undefined;
      await tar.add({ ...entry, data });
      if (data) {
        totals.files += 1;
        totals.bytes += data.length;
      }
    }
  }
  await tar.finish();
  gzip.end();
  await done;
  return totals;
}

/**
 * A running server's consistent copy in `DATA_DIR/backup-staging`: the database folder copied and the uploads linked
 * while `exclusive` keeps every statement out. Answers the folder and how long writes were held.
 */
export async function stageRunning(dataDir: string, exclusive: <T>(fn: () => Promise<T>) => Promise<T>): Promise<{ dir: string; pausedMs: number }> {
  const dir = path.join(dataDir, STAGING);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  let pausedMs = 0;
  await exclusive(async () => {
    const started = performance.now();
    for (const entry of tree(dataDir, 'db')) {
      const from = path.join(dataDir, entry.name);
      const to = path.join(dir, entry.name);
      if (entry.kind === 'dir') mkdirSync(to);
      else copyFileSync(from, to);
    }
    for (const entry of tree(dataDir, 'uploads')) {
      const to = path.join(dir, entry.name);
      if (entry.kind === 'dir') mkdirSync(to);
      else link(path.join(dataDir, entry.name), to);
    }
    if (existsSync(path.join(dataDir, 'secrets.json'))) copyFileSync(path.join(dataDir, 'secrets.json'), path.join(dir, 'secrets.json'));
    pausedMs = performance.now() - started;
  });
  return { dir, pausedMs };
}

/** A hard link where the file system allows one (uploads never change in place), else a copy. */
function link(from: string, to: string) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * Reads a whole backup without writing anything: its manifest, and that every entry is safe and the archive complete.
 * Throws `BadArchiveError` otherwise.
 */
export async function checkBackup(file: string): Promise<Totals> {
  const totals: Totals = { files: 0, bytes: 0 };
  for await (const entry of checkedEntries(file)) {
    if (entry.kind === 'file') {
      totals.files += 1;
      totals.bytes += entry.data!.length;
    }
  }
  return totals;
}

/** The archive's entries after its manifest, each checked to be one of ours; an archive without a manifest throws. */
async function* checkedEntries(file: string): AsyncGenerator<Entry> {
  let first = true;
  for await (const entry of readArchive(file)) {
    if (first) {
      first = false;
      checkManifest(entry);
      continue;
    }
    checkPlace(entry.name);
    yield entry;
  }
  if (first) throw new BadArchiveError('the backup is empty');
}

function checkManifest(entry: Entry) {
  let manifest: Partial<Manifest> = {};
  try {
    manifest = entry.name === MANIFEST ? JSON.parse(entry.data!.toString('utf8')) : {};
  } catch {
    /* reported below */
  }
  if (manifest.kind !== 'dacha-admin-backup') throw new BadArchiveError('not a Dacha Admin backup (no dacha-backup.json first)');
  if (manifest.format !== 1) throw new BadArchiveError(`a backup of format ${String(manifest.format)}; this version reads format 1`);
}

function checkPlace(name: string) {
  const top = name.split('/')[0];
  if (!BACKED_UP.includes(top) || (top === 'secrets.json' && name !== top)) throw new BadArchiveError(`unexpected entry in the backup: ${name}`);
}

/** Unpacks a checked backup into `dataDir` (folders 0700, files 0600). */
export async function unpackBackup(file: string, dataDir: string): Promise<Totals> {
  const totals: Totals = { files: 0, bytes: 0 };
  for await (const entry of checkedEntries(file)) {
    const to = path.join(dataDir, entry.name);
    if (entry.kind === 'dir') mkdirSync(to, { recursive: true, mode: 0o700 });
    else {
      mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      writeFileSync(to, entry.data!, { mode: 0o600, flag: 'wx' });
      totals.files += 1;
      totals.bytes += entry.data!.length;
    }
  }
  return totals;
}
