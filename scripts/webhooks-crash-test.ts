/**
 * `npx tsx scripts/webhooks-crash-test.ts`: webhooks survive `kill -9` (issue #36), on PGlite (one process, a data
 * folder) and, with TEST_DATABASE_URL, on PostgreSQL with `WORKERS=2` (a database of its own).
 *
 * 200 messages wait in the outbox for an endpoint whose receiver answers slowly, so deliveries are in flight when the
 * server (first process and workers) is killed with SIGKILL. After a restart every message must be delivered and
 * reach the receiver; a message received more than once keeps its `webhook-id`, and no message is received more often
 * than it was attempted (no two workers send one attempt). Exits 1 on any failed check.  About half a minute per
 * engine (the lease, shortened by WEBHOOK_TIME_SCALE to 20 s).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runStatement } from '../src/server/db/run-statement';
import { ADMIN, kill, login, startServer, type Server } from './lib/server-process';

const base = process.env.TEST_DATABASE_URL;
const MESSAGES = 200;
const dbName = `dacha_hooks_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
};

const received = new Map<string, number>();
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    received.set(id, (received.get(id) ?? 0) + 1);
    // Slow on purpose: deliveries are in flight when the server is killed.
    setTimeout(() => res.end('ok'), 150);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

/** SIGKILL to the server and its workers at once; answers how many workers there were. */
async function killAll(server: Server) {
  const pid = server.child.pid!;
  let children = '';
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    // ps exits 1 when the process has no children (one process: the embedded database).
  }
  const workers = children
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);
  for (const worker of workers) process.kill(worker, 'SIGKILL');
  await kill(server.child);
  return workers.length;
}

interface Delivery {
  messageId: string;
  status: string;
  attempts: number;
}

/** One engine: the server killed mid-delivery of 200 messages, restarted, and everything checked. */
async function runEngine(engine: 'pglite' | 'postgres', env: Record<string, string>) {
  console.log(`webhooks crash test: ${engine}${env.WORKERS === '2' ? ', WORKERS=2' : ''}`);
  received.clear();
  let server: Server | undefined = await startServer(env);
  try {
    const call = async <T>(token: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server!.origin}/api/v1/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    let token = await login(server.origin, ADMIN);
    // Off while the messages are written (test events), then on: all 200 are due at once.
    const { id } = await call<{ id: string }>(token, 'POST', 'webhook/add', { url: hookUrl, events: ['bench.*'], enabled: false });
    // Ten at a time: each write waits for its change notice, and 200 in a row took most of the test's minute.
    for (let i = 0; i < MESSAGES; i += 10) await Promise.all(Array.from({ length: 10 }, () => call(token, 'POST', `webhook/${id}/test`)));
    await call(token, 'PATCH', `webhook/edit/${id}`, { enabled: true });
    const started = Date.now();
    while (received.size < 20 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
    const workers = await killAll(server);
    server = undefined;
    const before = received.size;
    check(before > 0 && before < MESSAGES, `killed with kill -9 (the server${workers ? ` and its ${workers} workers` : ''}) mid-delivery: ${before} of ${MESSAGES} received`);

    server = await startServer(env);
    token = await login(server.origin, ADMIN);
    const restarted = Date.now();
    // Messages in flight at the kill stay leased (20 s here, 60 s in production), then go again under the same webhook-id.
    let log: Delivery[] = [];
    while (Date.now() - restarted < 150_000) {
      log = await call<Delivery[]>(token, 'GET', `webhook/${id}/deliveries?range=${encodeURIComponent(`[0,${MESSAGES + 10}]`)}`);
      if (log.length === MESSAGES && log.every((d) => d.status === 'delivered')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(`  … ${((Date.now() - restarted) / 1000).toFixed(0)} s after the restart`);
    const delivered = log.filter((d) => d.status === 'delivered').length;
    check(delivered === MESSAGES, `every message is delivered after the restart (${delivered}/${MESSAGES})`);
    const ids = new Set(log.map((d) => d.messageId));
    check(received.size === MESSAGES && [...received.keys()].every((k) => ids.has(k)), `each reached the receiver under its own webhook-id (${received.size}/${MESSAGES}; duplicates share theirs)`);
    const attempts = new Map(log.map((d) => [d.messageId, d.attempts]));
    const over = [...received].filter(([k, n]) => n > (attempts.get(k) ?? 0));
    const twice = [...received.values()].filter((n) => n > 1).length;
    check(over.length === 0, `no message received more often than it was attempted: one worker per attempt (${twice} received twice, after the kill)`);
  } finally {
    if (server) await killAll(server);
  }
}

// WEBHOOK_TIME_SCALE shortens the lease to its floor, twice the delivery timeout (20 s): the same recovery, sooner;
// the tests' scrypt cost spares the first admin's hash and the logins.
const secrets = { JWT_SECRET: randomBytes(24).toString('hex'), JWT_REFRESH_SECRET: randomBytes(24).toString('hex'), WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIME_SCALE: '0.1', SCRYPT_N: String(2 ** 13) };
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-hooks-crash-'));
try {
  await runEngine('pglite', { ...secrets, DATA_DIR: path.join(dataDir, 'pglite') });
  if (base) {
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    await runStatement(base, `create database ${dbName}`);
    try {
      await runEngine('postgres', { ...secrets, DATA_DIR: path.join(dataDir, 'pg'), DATABASE_URL: url.toString(), WORKERS: '2' });
    } finally {
      await runStatement(base, `drop database if exists ${dbName} with (force)`);
    }
  } else console.log('webhooks crash test: PostgreSQL skipped (TEST_DATABASE_URL is not set)');
} finally {
  receiver.close();
  await rm(dataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.log(`webhooks crash test: ${failures.length} failed`);
  process.exit(1);
}
console.log('webhooks crash test: passed');
