/** Where uploaded files live: an interface (tests and other deployments may bring their own) and the local disk. */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores bytes and answers the public relative path. */
  save(bytes: Buffer, extension: string): Promise<string>;
  remove(publicPath: string): Promise<void>;
}

/** Local-disk storage under the data folder; a shared directory lets several servers share it. */
export function diskStorage(dataDir: string): FileStorage {
  const imagesDir = path.join(dataDir, 'uploads', 'images');
  return {
    async save(bytes, extension) {
      await mkdir(imagesDir, { recursive: true });
      const name = `${randomUUID()}.${extension}`;
      await writeFile(path.join(imagesDir, name), bytes);
      return `uploads/images/${name}`;
    },
    async remove(publicPath) {
      const name = path.basename(publicPath);
      if (!/^uploads\/images\/[\w-]+\.\w+$/.test(publicPath)) return;
      await rm(path.join(imagesDir, name), { force: true });
    },
  };
}
