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
  /** Lets go of connections; called when the app closes. */
  close?(): void;
}

/** The only paths a store writes, reads or deletes: `uploads/images/<uuid>.<ext>` — nothing else, no `..`. */
export const isImagePath = (publicPath: string) => /^uploads\/images\/[\w-]+\.\w+$/.test(publicPath);
export const newImagePath = (extension: string) => `uploads/images/${randomUUID()}.${extension}`;

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
export const contentTypeOf = (publicPath: string) => TYPES[path.extname(publicPath).slice(1).toLowerCase()] ?? 'application/octet-stream';
