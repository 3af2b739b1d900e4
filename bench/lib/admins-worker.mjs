// The simulated administrators of bench/admins.ts, plain JavaScript so a worker thread runs it without a TypeScript
// loader (like load-worker.mjs). Each admin logs in once, then loops over a weighted mix of what the panel does, and
// refreshes its token pair when a call answers 406 (then retries the call), as the panel's httpClient does.
/* global URL, performance */
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

const { origin, admins, seconds, ids, thinkMs, seed, loginStaggerMs = 100 } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: admins.length * 2 });
const target = new URL(origin);

/** One HTTP call on the keep-alive agent: status and body text. */
function call(method, path, { headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: { 'accept-language': 'ru', ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, text: String(error) }));
    if (payload) req.write(payload);
    req.end();
  });
}

// A small deterministic generator per admin (mulberry32), so runs make the same choices.
function rng(s) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const q = (v) => encodeURIComponent(JSON.stringify(v));
const page = (from, size) => q([from, from + size - 1]);

/** The mix: [name, weight, (admin, pick) => [method, path, body?]]. */
const MIX = [
  ['GET stats', 8, () => ['GET', '/api/v1/stats']],
  ['GET stats/series', 2, () => ['GET', '/api/v1/stats/series']],
  [
    'GET cottage page',
    22,
    (a, pick) => {
      const filter = pick([{}, { cottageStatus: 'progress' }, { cottageStatus: 'confirmed', price_gte: 100 }, { regionId: pick(ids.region) }, { q: pick(['dacha', 'villa', 'chorvoq', 'a']) }]);
      const sort = pick([['createdAt', 'DESC'], ['price', 'ASC'], ['name', 'ASC'], ['rating', 'DESC']]);
      return ['GET', `/api/v1/cottage?range=${page(25 * Math.floor(pick([0, 0, 0, 1, 2, 5])), 25)}&sort=${q(sort)}&filter=${q(filter)}`];
    },
  ],
  [
    'GET order page',
    14,
    (a, pick) => {
      const filter = pick([{}, { orderStatus: 'progress' }, { status: 'active' }, { q: pick(['a', 'dacha']) }]);
      return ['GET', `/api/v1/order/all/for/admin?range=${page(0, 25)}&sort=${q(pick([['createdAt', 'DESC'], ['id', 'ASC']]))}&filter=${q(filter)}`];
    },
  ],
  ['GET region page', 6, (a, pick) => ['GET', `/api/v1/region?range=${page(0, 25)}&sort=${q(['name', pick(['ASC', 'DESC'])])}&filter=${q(pick([{}, { q: 'o' }]))}`]],
  ['GET place page', 6, (a, pick) => ['GET', `/api/v1/place?range=${page(0, 25)}&sort=${q(['name', 'ASC'])}&filter=${q(pick([{}, { regionId: pick(ids.region) }]))}`]],
  ['GET comfort list', 3, () => ['GET', '/api/v1/comfort']],
  ['GET user page', 4, () => ['GET', `/api/v1/user/all?range=${page(0, 25)}&sort=${q(['createdAt', 'DESC'])}`]],
  ['GET cottage/:id', 14, (a, pick) => ['GET', `/api/v1/cottage/${pick(ids.cottage)}`]],
  ['GET order/:id', 6, (a, pick) => ['GET', `/api/v1/order/${pick(ids.order)}`]],
  ['GET region/:id', 3, (a, pick) => ['GET', `/api/v1/region/${pick(ids.region)}`]],
  [
    'PATCH cottage name',
    5,
    (a) => {
      a.flip = !a.flip;
      return ['PATCH', `/api/v1/cottage/edit/${a.cottage}`, { name: `${a.cottageName}${a.flip ? ' (edited)' : ''}` }];
    },
  ],
  [
    'PATCH region name',
    2,
    (a) => {
      a.regionFlip = !a.regionFlip;
      return ['PATCH', `/api/v1/region/edit/${a.region}`, { name: a.regionFlip ? a.spare : a.regionName }];
    },
  ],
];
const TOTAL = MIX.reduce((s, [, w]) => s + w, 0);

const byCall = new Map();
const record = (name, ms, status) => {
  let entry = byCall.get(name);
  if (!entry) byCall.set(name, (entry = { latencies: [], statuses: {} }));
  entry.latencies.push(ms);
  entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
};
const errors = [];
let refreshes = 0;
const logins = { done: 0, toldToWait: 0, firstStart: Infinity, lastDone: 0 };

async function timed(name, method, path, opts) {
  const started = performance.now();
  const res = await call(method, path, opts);
  record(name, performance.now() - started, res.status);
  return res;
}

async function runAdmin(index, deadline) {
  const pick0 = rng(seed + index * 7919);
  const pick = (list) => list[Math.floor(pick0() * list.length)];
  const me = admins[index];
  // A team arriving, not one instant. An admin asked to wait (429 with Retry-After) waits that long and logs in again,
  // as a person would; the 429s are counted.
  await sleep(index * loginStaggerMs);
  logins.firstStart = Math.min(logins.firstStart, performance.now());
  const loginCall = () => timed('POST auth/login/admin', 'POST', '/api/v1/auth/login/admin', { body: { username: me.username, password: me.password, userAgent: 'bench-admins' } });
  let login = await loginCall();
  while (login.status === 429 && performance.now() < deadline) {
    logins.toldToWait += 1;
    await sleep(Number(JSON.parse(login.text).message.match(/(\d+) s/)?.[1] ?? 1) * 1000);
    login = await loginCall();
  }
  if (login.status === 201) {
    logins.done += 1;
    logins.lastDone = performance.now();
  }
  if (login.status !== 201) {
    errors.push(`admin ${me.username}: login answered ${login.status} ${login.text.slice(0, 200)}`);
    return;
  }
  let pair = JSON.parse(login.text);
  const state = { cottage: me.cottage, cottageName: me.cottageName, region: me.region, regionName: me.regionName, spare: me.spare, flip: false, regionFlip: false };
  while (performance.now() < deadline) {
    let roll = pick0() * TOTAL;
    const [name, , make] = MIX.find(([, w]) => (roll -= w) < 0) ?? MIX[0];
    const [method, path, body] = make(state, pick);
    let res = await timed(name, method, path, { headers: { authorization: `Bearer ${pair.accessToken}` }, body });
    if (res.status === 406) {
      // The access token expired: one refresh, then the same call again.
      const next = await timed('POST auth/refresh', 'POST', '/api/v1/auth/refresh', { headers: { refreshtoken: pair.refreshToken } });
      if (next.status !== 201) {
        errors.push(`admin ${me.username}: refresh answered ${next.status} ${next.text.slice(0, 200)}`);
        return;
      }
      refreshes += 1;
      pair = JSON.parse(next.text);
      res = await timed(name, method, path, { headers: { authorization: `Bearer ${pair.accessToken}` }, body });
    }
    if (res.status === 0 || res.status >= 400) errors.push(`${name}: ${method} ${path} → ${res.status} ${res.text.slice(0, 200)}`);
    if (thinkMs > 0) await sleep(thinkMs * (0.5 + pick0()));
  }
}

const started = performance.now();
const deadline = started + seconds * 1000;
await Promise.all(admins.map((_, i) => runAdmin(i, deadline)));
const elapsed = (performance.now() - started) / 1000;

// Last, a guesser: 40 wrong passwords at once for one admin's username, from the same address.
const wrongAnswers = await Promise.all(
  Array.from({ length: 40 }, () => call('POST', '/api/v1/auth/login/admin', { body: { username: admins[0].username, password: 'not-the-password', userAgent: 'bench-guess' } })),
);
const wrong = { checked: wrongAnswers.filter((r) => r.status === 401).length, refused: wrongAnswers.filter((r) => r.status === 429).length };
agent.destroy();

const calls = [...byCall.entries()].map(([name, { latencies, statuses }]) => {
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { name, count: latencies.length, p50: at(0.5), p99: at(0.99), statuses };
});
const loginFigures = { done: logins.done, toldToWait: logins.toldToWait, wallSeconds: logins.done ? (logins.lastDone - logins.firstStart) / 1000 : NaN };
parentPort.postMessage({ elapsed, calls, errors, refreshes, logins: loginFigures, wrong });
