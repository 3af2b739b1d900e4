import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { TarWriter, readArchive, type Entry } from './archive';
import { checkBackup, unpackBackup, writeBackup } from './backup';

const root = mkdtempSync(path.join(os.tmpdir(), 'dacha-archive-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const file = (name = `a${n++}.tar.gz`) => path.join(root, name);
const manifest: Entry = { name: 'dacha-backup.json', kind: 'file', data: Buffer.from('{"kind":"dacha-admin-backup","format":1}') };

async function archive(entries: Entry[]) {
  const target = file();
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(target));
  const tar = new TarWriter(gzip);
  for (const e of entries) await tar.add(e);
  await tar.finish();
  gzip.end();
  await done;
  return target;
}

describe('the backup archive', () => {
  it('round-trips folders and files, long paths included, and is a tar that tar reads', async () => {
    const long = `db/${'d'.repeat(90)}/${'f'.repeat(90)}`;
    const bytes = Buffer.from(Array.from({ length: 1500 }, (_, i) => i % 256));
    const target = await archive([manifest, { name: 'db', kind: 'dir' }, { name: 'db/empty', kind: 'dir' }, { name: long, kind: 'file', data: bytes }]);
    const read = [];
    for await (const e of readArchive(target)) read.push({ name: e.name, kind: e.kind, size: e.data?.length });
    expect(read).toEqual([
      { name: 'dacha-backup.json', kind: 'file', size: manifest.data!.length },
      { name: 'db', kind: 'dir', size: undefined },
      { name: 'db/empty', kind: 'dir', size: undefined },
      { name: long, kind: 'file', size: 1500 },
    ]);
    expect(execFileSync('tar', ['-tzf', target], { encoding: 'utf8' }).trim().split('\n')).toEqual(['dacha-backup.json', 'db/', 'db/empty/', long]);
  });

  it('refuses to unpack a path outside the folder, a link, a foreign entry, or an archive cut short', async () => {
    const outside = await archive([manifest, { name: 'db/../../evil', kind: 'file', data: Buffer.from('x') }]);
    await expect(checkBackup(outside)).rejects.toThrow(/unsafe path/);
    const foreign = await archive([manifest, { name: 'notes.txt', kind: 'file', data: Buffer.from('x') }]);
    await expect(checkBackup(foreign)).rejects.toThrow(/unexpected entry/);
    const noManifest = await archive([{ name: 'db/PG_VERSION', kind: 'file', data: Buffer.from('17') }]);
    await expect(checkBackup(noManifest)).rejects.toThrow(/not a Dacha Admin backup/);

    // A symbolic link made by tar itself.
    const dir = path.join(root, 'with-link');
    mkdirSync(path.join(dir, 'db'), { recursive: true });
    writeFileSync(path.join(dir, 'dacha-backup.json'), manifest.data!);
    symlinkSync('/etc/passwd', path.join(dir, 'db', 'PG_VERSION'));
    const linked = file();
    execFileSync('tar', ['-czf', linked, '-C', dir, 'dacha-backup.json', 'db']);
    await expect(checkBackup(linked)).rejects.toThrow(/other than files and folders/);

    const whole = await archive([manifest, { name: 'db', kind: 'dir' }, { name: 'db/x', kind: 'file', data: Buffer.alloc(4000, 1) }]);
    const cut = file();
    // The gzip stream ends cleanly but the tar has no end marker.
    const raw = execFileSync('gzip', ['-dc', whole]);
    writeFileSync(cut, execFileSync('gzip', ['-c'], { input: raw.subarray(0, raw.length - 1024) }));
    await expect(checkBackup(cut)).rejects.toThrow(/cut short/);
  });

  it('writes a data folder and unpacks it as it was (files 0600, folders 0700)', async () => {
    const from = path.join(root, 'from');
    mkdirSync(path.join(from, 'db', 'pg_notify'), { recursive: true });
    mkdirSync(path.join(from, 'uploads', 'images'), { recursive: true });
    writeFileSync(path.join(from, 'db', 'PG_VERSION'), '17\n');
    writeFileSync(path.join(from, 'uploads', 'images', 'a.jpg'), Buffer.alloc(70_000, 7));
    writeFileSync(path.join(from, 'secrets.json'), '{"jwtSecret":"s"}');
    writeFileSync(path.join(from, 'server.lock'), '1');
    const target = file();
    expect(await writeBackup(from, createWriteStream(target))).toEqual({ files: 3, bytes: 3 + 70_000 + 17 });
    const to = path.join(root, 'to');
    await unpackBackup(target, to);
    expect(readFileSync(path.join(to, 'uploads', 'images', 'a.jpg'))).toEqual(Buffer.alloc(70_000, 7));
    expect(readFileSync(path.join(to, 'secrets.json'), 'utf8')).toBe('{"jwtSecret":"s"}');
    expect(execFileSync('find', [to, '-mindepth', '1', '-printf', '%P %m\n'], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual(
      ['db 700', 'db/PG_VERSION 600', 'db/pg_notify 700', 'secrets.json 600', 'uploads 700', 'uploads/images 700', 'uploads/images/a.jpg 600'],
    );
  });
});
