/**
 * How `npm run backup` reaches a running server: a unix socket in the data folder (`DATA_DIR/backup.sock`). The
 * folder is 0700 and the socket 0600, so only the server's own user can connect: no HTTP route ever hands the
 * database (every password hash is in it) out. The client sends `backup`; the server makes a consistent copy in
 * `DATA_DIR/backup-staging` and answers `ok backup-staging` (or `error <reason>`); the client archives that copy and
 * hangs up, and the server removes it.
 */
import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { STAGING, stageRunning, writeBackup, type Totals } from './backup';

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
  const clients = new Set<Socket>();
  const server = createServer((socket) => {
    clients.add(socket);
    socket.once('close', () => clients.delete(socket));
    socket.on('error', () => {});
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n') && request.length < 64) return;
      socket.off('data', onData);
      if (request.trim() !== 'backup') return void socket.end('error unknown request\n');
      if (running) return void socket.end('error another backup is in progress\n');
      running = (async () => {
        // Fewer WAL records for the restored server to replay; the copy is consistent either way.
        await database.db.execute(sql`checkpoint`);
        const { pausedMs } = await stageRunning(dataDir, exclusive);
        log(`backup: a consistent copy of the database made for a backup (writes held for ${pausedMs.toFixed(0)} ms)`);
        // The client archives the copy (compressing is its work, not the server's) and hangs up when done.
        const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        socket.write(`ok ${STAGING}\n`);
        await closed;
      })()
        .catch((err: Error) => {
          log(`backup failed: ${err.message}`);
          if (!socket.destroyed) socket.end(`error ${err.message}\n`);
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
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A client still archiving loses its copy (its backup fails and says so) rather than holding the stop.
    for (const socket of clients) socket.destroy();
    await closed;
    await running;
    rmSync(file, { force: true });
  };
}

/**
 * In `npm run backup`: asks the server running on `dataDir` for a consistent copy of its folder, and writes the
 * backup of that copy to `out` while the server goes on.
 */
export async function requestBackup(dataDir: string, out: Writable): Promise<Totals> {
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
      resolve(head.subarray(0, newline).toString('utf8'));
    };
    socket.on('data', onData);
    socket.once('end', () => resolve('error the server closed the connection without an answer'));
    socket.once('error', reject);
  });
  if (status !== `ok ${STAGING}`) {
    socket.destroy();
    throw new Error(`the server could not make the backup: ${status.replace(/^error /, '')}`);
  }
  try {
    return await writeBackup(path.join(dataDir, STAGING), out);
  } finally {
    // Tells the server the copy may go.
    socket.destroy();
  }
}
