/**
 * Where uploaded files live (`file-storage.ts` says what a store offers; tests and other deployments may bring their
 * own): the local disk, or an S3-compatible bucket (`s3-storage.ts`) for servers that share no disk.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';
import { isImagePath, newImagePath, type FileStorage } from './file-storage';

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
    async load(publicPath) {
      if (!isImagePath(publicPath)) return undefined;
      return readFile(path.join(imagesDir, path.basename(publicPath))).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
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
