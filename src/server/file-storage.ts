/** What a file store offers (the disk or S3: `storage.ts`, `s3-storage.ts`), and the paths it may touch. */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as the server streams it out; `body` is absent for a HEAD request. */
export interface StoredFile {
  body?: Readable;
  contentType: string;
  length?: number;
  etag?: string;
  lastModified?: Date;
}

export interface FileStorage {
  /** Stores bytes and answers the public relative path. */
  save(bytes: Buffer, extension: string): Promise<string>;
  remove(publicPath: string): Promise<void>;
  /**
   * A file by its public path, undefined when there is none. Only stores the server cannot hand to @fastify/static
   * (no local folder) have it: /uploads/ is then served through it.
   */
  read?(publicPath: string, opts: { head: boolean }): Promise<StoredFile | undefined>;
  /** A stored file's bytes, undefined when there is none (the disk; other stores answer through `read`). */
  load?(publicPath: string): Promise<Buffer | undefined>;
  /** Lets go of connections; called when the app closes. */
  close?(): void;
}

/** The only paths a store writes, reads or deletes: `uploads/images/<uuid>.<ext>` — nothing else, no `..`. */
export const isImagePath = (publicPath: string) => /^uploads\/images\/[\w-]+\.\w+$/.test(publicPath);
export const newImagePath = (extension: string) => `uploads/images/${randomUUID()}.${extension}`;

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
export const contentTypeOf = (publicPath: string) => TYPES[path.extname(publicPath).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** A stored file's bytes, at most `maxBytes` (undefined: no such file, too large, or a store that cannot read back). */
export async function storedBytes(storage: FileStorage, publicPath: string, maxBytes: number): Promise<Buffer | undefined> {
  if (!isImagePath(publicPath)) return undefined;
  if (storage.load) {
    const bytes = await storage.load(publicPath);
    return bytes && bytes.length <= maxBytes ? bytes : undefined;
  }
  const file = await storage.read?.(publicPath, { head: false });
  if (!file?.body || (file.length ?? 0) > maxBytes) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      file.body.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
