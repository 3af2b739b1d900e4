/**
 * `npx tsx scripts/webhooks-crash-test.ts`: webhooks survive `kill -9`, with `WORKERS=2` on PostgreSQL (issue #36).
 *
 * The real server runs two workers on a database of its own; 200 messages wait in the outbox for an endpoint whose
 * receiver answers slowly, so deliveries are in flight when the server (first process and workers) is killed with
 * SIGKILL. After a restart every message must reach the receiver; a message received more than once keeps its
 * `webhook-id`, and no message is received more often than it was attempted (no two workers send one attempt).
 * Needs TEST_DATABASE_URL; exits 1 on any failed check. Takes a little over a minute (the 60 s lease).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { runStatement } from '../src/server/db/run-statement';
import { ADMIN, kill, login, startServer, type Server } from './lib/server-process';

const base = process.env.TEST_DATABASE_URL;
if (!base) {
  console.error('webhooks crash test: TEST_DATABASE_URL is not set (it needs PostgreSQL)');
  process.exit(1);
}
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

const url = new URL(base);
url.pathname = `/${dbName}`;
const env = {
  DATABASE_URL: url.toString(),
  WORKERS: '2',
  JWT_SECRET: randomBytes(24).toString('hex'),
  JWT_REFRESH_SECRET: randomBytes(24).toString('hex'),
  WEBHOOK_ALLOW_PRIVATE: '1',
};
const sqlOf = (statement: string) => runStatement(url.toString(), statement);

/** SIGKILL to the first process and its workers at once. */
async function killAll(server: Server) {
  const pid = server.child.pid!;
  const workers = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter(Boolean);
  for (const worker of workers) process.kill(worker, 'SIGKILL');
  await kill(server.child);
  return workers.length;
}

await runStatement(base, `create database ${dbName}`);
let server: Server | undefined;
try {
  server = await startServer(env);
  console.log(`webhooks crash test: ${server.origin}, WORKERS=2 on PostgreSQL`);
  const token = await login(server.origin, ADMIN);
  const res = await fetch(`${server.origin}/api/v1/webhook/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ url: hookUrl, events: ['bench.*'] }),
  });
  const { id } = (await res.json()) as { id: string };
  check(res.status === 201, 'an endpoint is created (201)');
  await sqlOf(`insert into webhook_delivery (message_id, endpoint_id, event_type, payload)
    select 'msg_crash_' || g, '${id}', 'bench.crash', jsonb_build_object('type', 'bench.crash', 'n', g) from generate_series(1, ${MESSAGES}) g`);
  const started = Date.now();
  while (received.size < 20 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
  const workers = await killAll(server);
  server = undefined;
  const before = received.size;
  check(before > 0 && before < MESSAGES, `killed with kill -9 (first process and ${workers} workers) mid-delivery: ${before} of ${MESSAGES} received`);

  server = await startServer(env);
  const restarted = Date.now();
  // Messages in flight at the kill stay leased for 60 s, then go again under the same webhook-id.
  const attempts = new Map<string, number>();
  let delivered = 0;
  while (Date.now() - restarted < 150_000) {
    const rows = execFileSync('psql', [url.toString(), '-At', '-c', "select message_id || ' ' || attempts || ' ' || status from webhook_delivery"], { encoding: 'utf8' });
    delivered = 0;
    for (const line of rows.trim().split('\n')) {
      const [messageId, n, status] = line.split(' ');
      attempts.set(messageId, Number(n));
      if (status === 'delivered') delivered++;
    }
    if (delivered === MESSAGES) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`  … all delivered ${((Date.now() - restarted) / 1000).toFixed(0)} s after the restart`);
  check(delivered === MESSAGES, `every message is marked delivered after the restart (${delivered}/${MESSAGES})`);
  check(received.size === MESSAGES, `every message reached the receiver (${received.size}/${MESSAGES})`);
  const expected = new Set(Array.from({ length: MESSAGES }, (_, i) => `msg_crash_${i + 1}`));
  check([...received.keys()].every((k) => expected.has(k)), 'each under its own webhook-id (duplicates share theirs)');
  const over = [...received].filter(([k, n]) => n > (attempts.get(k) ?? 0));
  const twice = [...received.values()].filter((n) => n > 1).length;
  check(over.length === 0, `no message received more often than it was attempted: one worker per attempt (${twice} received twice, after the kill)`);
} finally {
  if (server) await killAll(server);
  receiver.close();
  await runStatement(base, `drop database if exists ${dbName} with (force)`);
}
if (failures.length) {
  console.log(`webhooks crash test: ${failures.length} failed`);
  process.exit(1);
}
console.log('webhooks crash test: passed');
