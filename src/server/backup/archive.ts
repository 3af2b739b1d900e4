/**
 * The backup file: a gzip-compressed tar (POSIX ustar), readable with `tar -xzf` as well. Written and read here in a
 * few lines rather than through a package: we only need folders and regular files, and reading must refuse anything
 * else (links, absolute paths, `..`), which is the dangerous part of unpacking a tar.
 */
import { createReadStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;

export interface Entry {
  /** Relative, `/`-separated; folders end without a slash. */
  name: string;
  kind: 'file' | 'dir';
  /** Files only. */
  data?: Buffer;
}

function octal(value: number, width: number) {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, kind: Entry['kind'], size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const full = kind === 'dir' ? `${name}/` : name;
  let prefix = '';
  let base = full;
  if (Buffer.byteLength(full) > 100) {
    // ustar splits a long path at a slash: up to 155 bytes before it, 100 after.
    const cut = full.lastIndexOf('/', full.length - 2);
    prefix = full.slice(0, cut);
    base = full.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) throw new Error(`path too long for the archive: ${name}`);
  }
  block.write(base, 0, 100, 'utf8');
  block.write(octal(kind === 'dir' ? 0o700 : 0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write(kind === 'dir' ? '5' : '0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** Writes entries as tar blocks to `out` (already gzip-wrapped by the caller), respecting back-pressure. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer) {
    if (!this.out.write(chunk)) await new Promise<void>((resolve) => this.out.once('drain', resolve));
  }

  async add(entry: Entry, mtime = new Date()) {
    const data = entry.kind === 'file' ? (entry.data ?? Buffer.alloc(0)) : Buffer.alloc(0);
    await this.write(header(entry.name, entry.kind, data.length, mtime));
    if (data.length) {
      await this.write(data);
      const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
      if (pad) await this.write(Buffer.alloc(pad));
    }
  }

  /** The end-of-archive marker (two empty blocks); the caller ends the stream. */
  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

export class BadArchiveError extends Error {}

/** A name safe to join under a folder: relative, no `..`, no empty or `.` parts, no backslashes or NULs. */
function safeName(name: string): boolean {
  if (!name || name.startsWith('/') || /[\\\0]/.test(name)) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

const text = (block: Buffer, start: number, length: number) => {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
};

/**
 * The entries of a backup file, one at a time (each file's bytes in memory, never the whole archive). Throws
 * `BadArchiveError` on anything but folders and regular files with safe names, on a bad checksum, and on an archive
 * cut short (no end marker), so a partial copy is never taken for a backup.
 */
export async function* readArchive(file: string): AsyncGenerator<Entry> {
  const chunks: Buffer[] = [];
  let buffered = 0;
  const source = createReadStream(file).pipe(createGunzip());
  const iterator = source[Symbol.asyncIterator]();
  const take = async (n: number): Promise<Buffer | undefined> => {
    while (buffered < n) {
      const next = await iterator.next().catch((err: Error) => {
        throw new BadArchiveError(`not a readable backup (${err.message})`);
      });
      if (next.done) return undefined;
      chunks.push(next.value as Buffer);
      buffered += (next.value as Buffer).length;
    }
    const all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    chunks.length = 0;
    const out = all.subarray(0, n);
    if (all.length > n) chunks.push(all.subarray(n));
    buffered -= n;
    return out;
  };
  try {
    for (;;) {
      const block = await take(BLOCK);
      if (!block) throw new BadArchiveError('the backup is cut short (no end-of-archive marker)');
      if (block.every((b) => b === 0)) return;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
      if (parseInt(text(block, 148, 8).trim(), 8) !== sum) throw new BadArchiveError('not a backup file (bad tar header)');
      const prefix = text(block, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + text(block, 0, 100);
      const size = parseInt(text(block, 124, 12).trim() || '0', 8);
      const type = String.fromCharCode(block[156] || 48);
      const clean = name.replace(/\/$/, '');
      if (!safeName(clean)) throw new BadArchiveError(`the backup holds an unsafe path: ${JSON.stringify(name)}`);
      if (type === '5') {
        yield { name: clean, kind: 'dir' };
        continue;
      }
      if (type !== '0') throw new BadArchiveError(`the backup holds something other than files and folders: ${JSON.stringify(name)}`);
      const data = size ? await take(size) : Buffer.alloc(0);
      if (!data) throw new BadArchiveError('the backup is cut short');
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad && !(await take(pad))) throw new BadArchiveError('the backup is cut short');
      yield { name: clean, kind: 'file', data: Buffer.from(data) };
    }
  } finally {
    source.destroy();
  }
}
