/**
 * How `npm run backup` reaches a running server: a unix socket in the data folder (`DATA_DIR/backup.sock`). The
 * folder is 0700 and the socket 0600, so only the server's own user can connect: no HTTP route ever hands the
 * database (every password hash is in it) out. The client sends `backup`; the server answers `ok` and the backup's
 * bytes, or `error <reason>`.
 */
import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { STAGING, stageRunning, writeBackup } from './backup';

export const SOCKET = 'backup.sock';
/** Unix socket paths are limited to about 108 bytes. */
const MAX_SOCKET_PATH = 100;

/** Serves backups of `database` on the socket; resolves to a function that stops (after a backup in progress). */
export async function serveBackups(dataDir: string, database: Database, log: (line: string) => void): Promise<() => Promise<void>> {
  const file = path.join(dataDir, SOCKET);
  if (!database.exclusive) return async () => {};
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log(`backups of the running server are off: the data folder's path is too long for a socket (${file}); stop the server to back it up`);
    return async () => {};
  }
  const exclusive = database.exclusive.bind(database);
  let running: Promise<void> | undefined;
  const server = createServer((socket) => {
    socket.on('error', () => {});
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n') && request.length < 64) return;
      socket.off('data', onData);
      if (request.trim() !== 'backup') return void socket.end('error unknown request\n');
      if (running) return void socket.end('error another backup is in progress\n');
      running = (async () => {
        const started = performance.now();
        // Fewer WAL records for the restored server to replay; the copy is consistent either way.
        await database.db.execute(sql`checkpoint`);
        const { dir, pausedMs } = await stageRunning(dataDir, exclusive);
        socket.write('ok\n');
        const totals = await writeBackup(dir, socket);
        log(`backup: ${totals.files} files, ${(totals.bytes / 1e6).toFixed(1)} MB; writes held for ${pausedMs.toFixed(0)} ms, ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
      })()
        .catch((err: Error) => {
          log(`backup failed: ${err.message}`);
          if (!socket.destroyed) socket.end(`\nerror ${err.message}\n`);
        })
        .finally(() => {
          rmSync(path.join(dataDir, STAGING), { recursive: true, force: true });
          running = undefined;
        });
    };
    socket.on('data', onData);
  });
  // Left by a server that was killed: we hold the data folder's lock, so it is nobody's.
  rmSync(file, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  // Connecting needs write permission only; the folder (0700) already keeps others out.
  chmodSync(file, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await running;
    rmSync(file, { force: true });
  };
}

/** In `npm run backup`: asks the server running on `dataDir` for a backup and writes it to `out`. */
export async function requestBackup(dataDir: string, out: Writable): Promise<void> {
  const socket = connect(path.join(dataDir, SOCKET));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT' || err.code === 'ECONNREFUSED'
            ? 'the running server does not offer backups (an older version, or its data folder path is too long); stop it and run the backup again'
            : err.message,
        ),
      ),
    );
  });
  socket.write('backup\n');
  // The first line is the answer; what follows is the backup.
  const status = await new Promise<string>((resolve, reject) => {
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(10);
      if (newline < 0) return;
      socket.off('data', onData);
      socket.pause();
      const rest = head.subarray(newline + 1);
      if (rest.length) socket.unshift(rest);
      resolve(head.subarray(0, newline).toString('utf8'));
    };
    socket.on('data', onData);
    socket.once('end', () => resolve('error the server closed the connection without an answer'));
    socket.once('error', reject);
  });
  if (status !== 'ok') {
    socket.destroy();
    throw new Error(`the server could not make the backup: ${status.replace(/^error /, '')}`);
  }
  // A failure after `ok` ends the stream early or with an error line: the caller's check of the file catches both.
  await pipeline(socket, out);
}
