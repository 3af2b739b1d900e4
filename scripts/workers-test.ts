/**
 * `npm run test:workers`: `WORKERS=2` on PostgreSQL behaves as one server.
 *
 * The real server is started with two worker processes on a database of its own. Every request goes on a new
 * connection, so the cluster hands them to the workers in turn; the workers' own log lines (pino's `pid`) prove that
 * both answered each kind of request. Checked:
 * - a logout through one worker is refused (455) by both at once, on the very next requests;
 * - 20 wrong logins spread over both workers: the first LOGIN_MAX_ATTEMPTS answer 401, the rest 429;
 * - a write through either worker reaches, within a second, the change streams (`GET /events`) held by both;
 * - an API key revoked through one worker is refused (401) by both within a second (issue #36);
 * - a worker killed with SIGKILL is replaced, and the server keeps answering.
 * Needs TEST_DATABASE_URL; exits 1 on any failed check.
 */
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { runStatement } from '../src/server/db/run-statement';
import { ADMIN, kill, login, startServer } from './lib/server-process';

const base = process.env.TEST_DATABASE_URL;
if (!base) {
  console.error('workers test: TEST_DATABASE_URL is not set (it needs PostgreSQL)');
  process.exit(1);
}
const MAX_ATTEMPTS = 10;
const dbName = `dacha_workers_${process.pid}_${randomBytes(3).toString('hex')}`;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
};

/** One request on a connection of its own (no keep-alive), so the cluster picks the next worker for it. */
function call(origin: string, method: string, url: string, opts: { token?: string; body?: unknown } = {}): Promise<{ status: number; text: string }> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/api/v1${url}`, {
      method,
      agent: false,
      headers: {
        connection: 'close',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A change stream on a connection of its own: the `data` of each `change` frame with the time it arrived. */
function openStream(origin: string, token: string) {
  const changes: { at: number; data: string }[] = [];
  let buffer = '';
  let ready: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const req = request(`${origin}/api/v1/events`, { agent: false, headers: { authorization: `Bearer ${token}` } });
  req.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.includes('event: ready')) ready();
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (frame.includes('event: change') && data) changes.push({ at: Date.now(), data });
      }
    });
  });
  req.on('error', () => {});
  req.end();
  return { changes, ready: isReady, close: () => req.destroy() };
}

/** The workers that received a request for `url` since `from` in the log (pino lines of "incoming request"). */
function workersReceiving(output: string, from: number, url: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.slice(from).split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number; msg?: string; req?: { url?: string } };
      if (entry.msg === 'incoming request' && entry.req?.url === url && entry.pid) pids.add(entry.pid);
    } catch {
      /* a line cut by the pipe */
    }
  }
  return pids;
}

/** The workers that answered with `status` since `from` in the log (pino lines of "request completed"). */
function workersAnswering(output: string, from: number, status: number): Set<number> {
  const pids = new Set<number>();
  for (const line of output.slice(from).split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number; msg?: string; res?: { statusCode?: number } };
      if (entry.msg === 'request completed' && entry.res?.statusCode === status && entry.pid) pids.add(entry.pid);
    } catch {
      /* a line cut by the pipe */
    }
  }
  return pids;
}

const url = new URL(base);
url.pathname = `/${dbName}`;
await runStatement(base, `create database ${dbName}`);
const server = await startServer({
  DATABASE_URL: url.toString(),
  WORKERS: '2',
  JWT_SECRET: randomBytes(24).toString('hex'),
  JWT_REFRESH_SECRET: randomBytes(24).toString('hex'),
  LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  LOG_LEVEL: 'info',
});
try {
  console.log(`workers test: ${server.origin}, WORKERS=2 on PostgreSQL`);
  const settle = () => new Promise((r) => setTimeout(r, 200)); // the log lines reach our pipe a moment after the answers
  const token = await login(server.origin, ADMIN);

  let mark = server.output().length;
  const warm = await Promise.all(Array.from({ length: 6 }, () => call(server.origin, 'GET', '/region', { token })));
  await settle();
  check(warm.every((r) => r.status === 200), `a logged-in admin is served: ${warm.map((r) => r.status).join(' ')}`);
  check(workersAnswering(server.output(), mark, 200).size === 2, 'both workers served the admin (and cached the session)');

  // Four streams on connections of their own: the cluster hands them to both workers. Two writes, one per worker
  // in turn, each reach all four within a second: through PostgreSQL's NOTIFY, whichever worker wrote.
  mark = server.output().length;
  const streams = Array.from({ length: 4 }, () => openStream(server.origin, token));
  await Promise.race([Promise.all(streams.map((s) => s.ready)), new Promise((r) => setTimeout(r, 10_000))]);
  await settle();
  check(workersReceiving(server.output(), mark, '/api/v1/events').size === 2, 'both workers hold change streams');
  for (const n of [1, 2]) {
    const code = `workers_${process.pid}_${n}`;
    const wrote = Date.now();
    const created = await call(server.origin, 'POST', '/translate', { token, body: { code, type: 'content', definition: { uz: code, ru: code, en: code } } });
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && !streams.every((s) => s.changes.some((c) => c.data.includes('"translate"')) && s.changes.length >= n)) await new Promise((r) => setTimeout(r, 20));
    const late = streams.map((s) => (s.changes[n - 1] ? s.changes[n - 1].at - wrote : Infinity));
    check(created.status === 201 && late.every((ms) => ms < 1000), `write ${n} (${created.status}) reached the 4 streams in ${late.join(', ')} ms`);
  }
  for (const stream of streams) stream.close();

  // An API key used on both workers (each caches it), revoked through one: both refuse it within a second.
  const made = await call(server.origin, 'POST', '/api-keys', {
    token,
    body: { name: 'workers', expiresAt: new Date(Date.now() + 86_400_000).toISOString(), permissions: ['region.list'] },
  });
  const key = made.status === 201 ? (JSON.parse(made.text) as { id: string; token: string }) : undefined;
  check(key !== undefined, `an API key is made (${made.status})`);
  if (key) {
    mark = server.output().length;
    const used = await Promise.all(Array.from({ length: 6 }, () => call(server.origin, 'GET', '/region', { token: key.token })));
    await settle();
    check(used.every((r) => r.status === 200) && workersAnswering(server.output(), mark, 200).size === 2, `both workers serve the key: ${used.map((r) => r.status).join(' ')}`);
    const revoked = await call(server.origin, 'DELETE', `/api-keys/${key.id}`, { token });
    const since = Date.now();
    mark = server.output().length;
    const refused: number[] = [];
    for (let i = 0; i < 6; i++) refused.push((await call(server.origin, 'GET', '/region', { token: key.token })).status);
    const took = Date.now() - since;
    await settle();
    check(
      revoked.status === 200 && refused.every((s) => s === 401) && took < 1000 && workersAnswering(server.output(), mark, 401).size === 2,
      `the revoked key is refused by both workers within a second: ${refused.join(' ')} in ${took} ms`,
    );
  }

  const logout = await call(server.origin, 'DELETE', '/auth/logout', { token });
  check(logout.status < 300, `logout through one worker answered ${logout.status}`);
  mark = server.output().length;
  const after: number[] = [];
  for (let i = 0; i < 6; i++) after.push((await call(server.origin, 'GET', '/region', { token })).status);
  await settle();
  check(after.every((s) => s === 455), `the next requests are refused: ${after.join(' ')}`);
  check(workersAnswering(server.output(), mark, 455).size === 2, 'both workers refused the ended session');

  mark = server.output().length;
  const attempts: number[] = [];
  for (let i = 0; i < 20; i++) {
    attempts.push((await call(server.origin, 'POST', '/auth/login/admin', { body: { username: ADMIN.username, password: `wrong-${i}` } })).status);
  }
  await settle();
  const expected = [...Array(MAX_ATTEMPTS).fill(401), ...Array(20 - MAX_ATTEMPTS).fill(429)];
  check(attempts.join() === expected.join(), `20 wrong logins: ${attempts.join(' ')}`);
  check(workersAnswering(server.output(), mark, 401).size === 2 && workersAnswering(server.output(), mark, 429).size === 2, 'both workers counted and refused the wrong logins');

  const pids = [...workersAnswering(server.output(), 0, 200)];
  process.kill(pids[0], 'SIGKILL');
  const deadline = Date.now() + 30_000;
  while (!server.output().includes('starting another') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  check(server.output().includes('a server process stopped (SIGKILL); starting another'), 'a killed worker is replaced');
  await new Promise((r) => setTimeout(r, 3000));
  const served = await Promise.all(Array.from({ length: 4 }, () => call(server.origin, 'GET', '/config')));
  check(served.every((r) => r.status === 200), `the server still answers: ${served.map((r) => r.status).join(' ')}`);
} finally {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  await kill(server.child);
  await runStatement(base, `drop database if exists ${dbName} with (force)`);
}
if (failures.length) {
  console.error(`workers test: ${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('workers test: passed');
