import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secureDataDir } from './data-dir';
import { openDatabase } from './db/open';
import { resolveSecrets } from './secrets';
import { loadConfig } from './config';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'dacha-modes-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Every entry under `dir` (itself included) with its permission bits, symbolic links left out. */
function modes(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (file: string) => {
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) return;
    out.set(path.relative(dir, file) || '.', stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of readdirSync(file)) walk(path.join(file, name));
  };
  walk(dir);
  return out;
}

function expectPrivate(dir: string) {
  const open = [...modes(dir)].filter(([file, mode]) => mode !== (lstatSync(path.join(dir, file)).isDirectory() ? 0o700 : 0o600));
  expect(open.map(([file, mode]) => `${file} ${mode.toString(8)}`)).toEqual([]);
}

describe('the data folder', () => {
  it('a fresh folder: the database, secrets and uploads PGlite and the server create are 0700/0600', async () => {
    const dataDir = path.join(tempDir(), 'data');
    secureDataDir(dataDir);
    resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    mkdirSync(path.join(dataDir, 'uploads', 'images'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'images', 'a.jpg'), 'x');
    expect(modes(dataDir).size).toBeGreaterThan(100);
    expectPrivate(dataDir);
    // A new file-backed database and its migrations: several seconds, more on a busy machine.
  }, 120_000);

  it('mends a folder an earlier version left open (0777 folders, 0666 files), and only what is ours', () => {
    const dataDir = tempDir();
    for (const sub of ['db/base/1', 'uploads/images', 'unrelated']) mkdirSync(path.join(dataDir, sub), { recursive: true, mode: 0o777 });
    for (const file of ['db/PG_VERSION', 'db/base/1/1259', 'uploads/images/a.jpg', 'secrets.json', 'server.lock', 'unrelated/notes.txt']) {
      writeFileSync(path.join(dataDir, file), 'x');
      chmodSync(path.join(dataDir, file), 0o666);
    }
    for (const sub of ['.', 'db', 'db/base', 'db/base/1', 'uploads', 'uploads/images', 'unrelated']) chmodSync(path.join(dataDir, sub), 0o777);
    // A link is neither followed nor changed: what it points at is not ours to mend.
    const outside = path.join(tempDir(), 'outside.txt');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dataDir, 'uploads', 'link'));

    expect(secureDataDir(dataDir)).toBe(11);
    const after = modes(dataDir);
    expect(after.get('unrelated')).toBe(0o777);
    expect(after.get('unrelated/notes.txt')).toBe(0o666);
    expect(lstatSync(outside).mode & 0o777).toBe(0o644);
    rmSync(path.join(dataDir, 'unrelated'), { recursive: true });
    expectPrivate(dataDir);
    // Once mended, a start finds nothing to do.
    expect(secureDataDir(dataDir)).toBe(0);
  });
});
