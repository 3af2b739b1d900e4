/**
 * Where uploaded files live: an interface (tests and other deployments may bring their own), the local disk, and an
 * S3-compatible bucket (`s3-storage.ts`) for servers that share no disk.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from './config';

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

/** Local-disk storage under the data folder; a shared directory lets several servers share it. */
export function diskStorage(dataDir: string): FileStorage {
  const imagesDir = path.join(dataDir, 'uploads', 'images');
  return {
    async save(bytes, extension) {
      await mkdir(imagesDir, { recursive: true });
      const publicPath = newImagePath(extension);
      await writeFile(path.join(imagesDir, path.basename(publicPath)), bytes);
      return publicPath;
    },
    async remove(publicPath) {
      if (!isImagePath(publicPath)) return;
      await rm(path.join(imagesDir, path.basename(publicPath)), { force: true });
    },
  };
}

/** The store the config names; the S3 driver and its SDK are loaded only when a bucket is configured. */
export async function openStorage(config: Config): Promise<FileStorage> {
  if (config.storage.kind === 'disk') return diskStorage(config.dataDir);
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(config.storage);
}

/** An error's message for the command line, with the reason a store failure keeps in `cause` (clients get only the message). */
export function failureText(err: unknown): string {
  const cause = (err as { cause?: { store?: string; error?: string; message?: string } }).cause;
  const text = (err as Error).message;
  return cause?.store ? `${text} (${cause.store}: ${cause.error ?? 'error'}${cause.message ? `, ${cause.message}` : ''})` : text;
}

/** One line for the start-up message. */
export function describeStorage(config: Config): string {
  const s = config.storage;
  if (s.kind === 'disk') return `${path.join(config.dataDir, 'uploads')} (local disk)`;
  return `S3 bucket "${s.bucket}" at ${s.endpoint ?? `AWS (${s.region})`}`;
}
