/**
 * Outgoing webhooks (issue #36) on a real database and a real receiver (a local HTTP server): the outbox is written in
 * the change's transaction, delivered signed as Standard Webhooks says (verified with the `standardwebhooks`
 * package), retried, leased, guarded against private addresses, and never carries a secret.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createTestApp, type TestContext } from './helpers';
import { region, translation, userWith } from './fixtures';
import { notifications, webhookDeliveries, webhookEndpoints } from '../src/server/db/schema';
import type { Db } from '../src/server/db/client';
import { auditedWrite } from '../src/server/http/unit-of-work';
import { claimDue, post } from '../src/server/plugins/webhook-delivery';
import { isPrivateAddress } from '../src/server/rules/webhooks';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver: answers each request to a path with the next status of its `script` (then 200), and keeps what it got. */
async function receiver() {
  const got: Received[] = [];
  const script = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = script.get(req.url ?? '')?.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { got, script, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });

let t: TestContext;
let hook: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIME_SCALE: '0.001' });
  hook = await receiver();
});
afterAll(async () => {
  await t.close();
  await hook.close();
});

let endpoints = 0;
/** An endpoint of the receiver's at a path of its own; `got()` is what reached it. */
async function endpoint(events: string[], token?: string) {
  const path = `/hook/${++endpoints}`;
  const res = await t.api({ method: 'POST', url: '/api/v1/webhook/add', payload: { url: `${hook.url}/${endpoints}`, events }, token });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<{ id: string; secret: string }>(), path, got: () => hook.got.filter((g) => g.path === path) };
}

const messagesTo = async (endpointId: string) =>
  t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

async function editRegion(id: string) {
  const res = await t.api({ method: 'PATCH', url: `/api/v1/region/edit/${id}`, payload: { name: await translation(t, `Renamed ${Date.now()}`) } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('webhook endpoints', () => {
  it('need a token (401) and webhook.manage (403)', async () => {
    expect((await t.api({ method: 'GET', url: '/api/v1/webhook', token: null })).statusCode).toBe(401);
    const weak = await userWith(t, ['region.list']);
    expect((await t.api({ method: 'GET', url: '/api/v1/webhook', token: weak.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'POST', url: '/api/v1/webhook/add', token: weak.token, payload: { url: hook.url, events: ['*'] } })).statusCode).toBe(403);
  });

  it('show the secret only on create and rotate, and are audited without it', async () => {
    const created = await endpoint(['region.edit']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const list = await t.api({ method: 'GET', url: '/api/v1/webhook' });
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain('whsec_');
    const one = await t.api({ method: 'GET', url: `/api/v1/webhook/${created.id}` });
    expect(one.json()).toMatchObject({ id: created.id, url: expect.stringContaining(hook.url), events: ['region.edit'], enabled: true });
    expect(one.body).not.toContain('whsec_');
    const edited = await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${created.id}`, payload: { events: ['region.*'], description: 'cache' } });
    expect(edited.json()).toMatchObject({ events: ['region.*'], description: 'cache' });
    const rotated = await t.api({ method: 'POST', url: `/api/v1/webhook/${created.id}/rotate-secret` });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<{ secret: string }>().secret).not.toBe(created.secret);
    const audit = await t.api({ method: 'GET', url: `/api/v1/audit?filter=${encodeURIComponent(JSON.stringify({ recordId: created.id }))}` });
    expect(audit.json<unknown[]>().length).toBeGreaterThanOrEqual(3);
    expect(audit.body).not.toContain('whsec_');
    const gone = await t.api({ method: 'DELETE', url: `/api/v1/webhook/delete/${created.id}` });
    expect(gone.statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: `/api/v1/webhook/${created.id}` })).statusCode).toBe(404);
    expect((await t.api({ method: 'GET', url: '/api/v1/webhook/not-an-id' })).statusCode).toBe(404);
  });

  it('refuse bad input with 400, never 500', async () => {
    for (const payload of [{}, { url: hook.url }, { url: hook.url, events: [] }, { url: hook.url, events: ['bad event'] }, { url: 'ftp://example.com/x', events: ['*'] }, { url: 'not a url', events: ['*'] }, { url: hook.url, events: ['*'], extra: 1 }]) {
      const res = await t.api({ method: 'POST', url: '/api/v1/webhook/add', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const scheme = await t.api({ method: 'POST', url: '/api/v1/webhook/add', payload: { url: 'ftp://example.com/x', events: ['*'] }, headers: { 'accept-language': 'ru' } });
    expect(scheme.json()).toMatchObject({ fields: { url: 'Адрес должен начинаться с http:// или https://' } });
  });
});

describe('delivery', () => {
  it('signs as Standard Webhooks says: one region change → exactly one delivery, verified by standardwebhooks', async () => {
    const { id, secret, got } = await endpoint(['region.edit']);
    const r = await region(t);
    await editRegion(r.id);
    const received = await until('the delivery', () => got()[0]);
    const payload = verify(secret, received) as { type: string; data: { id: string; action: string; changed: string[]; record?: { id: string } } };
    expect(payload.type).toBe('region.edit');
    expect(payload.data).toMatchObject({ id: r.id, action: 'edit', resource: 'region' });
    expect(payload.data.changed).toContain('name');
    // The admin created the endpoint and may read regions: the record comes along.
    expect(payload.data.record?.id).toBe(r.id);
    expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, received)).toThrow();
    const rows = await until('delivered', async () => {
      const rows = await messagesTo(id);
      return rows.every((row) => row.status === 'delivered') && rows;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0].messageId).toBe(received.headers['webhook-id']);
    expect(rows[0].messageId).toMatch(/^msg_/);
    await new Promise((r) => setTimeout(r, 300));
    expect(got()).toHaveLength(1);
    await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${id}`, payload: { enabled: false } });
  });

  it('a receiver failing twice gets the third attempt, with the same webhook-id; the log says so', async () => {
    const { id, got, path } = await endpoint(['region.edit']);
    const r = await region(t);
    hook.script.set(path, [500, 503]);
    await editRegion(r.id);
    await until('three attempts', () => got().length >= 3);
    const ids = new Set(got().map((g) => g.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const log = await until('delivered', async () => {
      const res = await t.api({ method: 'GET', url: `/api/v1/webhook/${id}/deliveries` });
      const rows = res.json<{ status: string; attempts: number; lastStatusCode: number }[]>();
      return rows[0]?.status === 'delivered' && res;
    });
    expect(log.headers['x-total-count']).toBe('1');
    expect(log.json()[0]).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${id}`, payload: { enabled: false } });
  });

  it('retry sends a delivery again with its webhook-id; the test event reaches the endpoint whatever it wants', async () => {
    const { id, secret, got } = await endpoint(['order.create']);
    const test = await t.api({ method: 'POST', url: `/api/v1/webhook/${id}/test` });
    expect(test.statusCode).toBe(202);
    const sent = await until('the test event', () => got()[0]);
    expect((verify(secret, sent) as { type: string }).type).toBe('webhook.test');
    const delivery = test.json<{ id: string; messageId: string }>();
    expect(sent.headers['webhook-id']).toBe(delivery.messageId);
    await until('delivered', async () => (await messagesTo(id))[0]?.status === 'delivered');
    const retried = await t.api({ method: 'POST', url: `/api/v1/webhook/${id}/deliveries/${delivery.id}/retry` });
    expect(retried.statusCode).toBe(202);
    await until('the retry', () => got().length > 1);
    expect(got()[1].headers['webhook-id']).toBe(delivery.messageId);
    expect((await t.api({ method: 'POST', url: `/api/v1/webhook/${id}/deliveries/${crypto.randomUUID()}/retry` })).statusCode).toBe(404);
    await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${id}`, payload: { enabled: false } });
  });

  it('signs with both secrets during a rotation, each verifying', async () => {
    const { id, secret: old, got } = await endpoint(['region.edit']);
    const { secret: fresh } = (await t.api({ method: 'POST', url: `/api/v1/webhook/${id}/rotate-secret` })).json<{ secret: string }>();
    await editRegion((await region(t)).id);
    const received = await until('the delivery', () => got()[0]);
    expect(String(received.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(old, received)).toBeTruthy();
    expect(verify(fresh, received)).toBeTruthy();
    await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${id}`, payload: { enabled: false } });
  });

  it('the payload holds no password, hash, token or second-factor secret', async () => {
    const { id, got } = await endpoint(['user.*']);
    const password = 'Very-secret-pass-9271';
    const res = await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username: `hook_${Date.now()}`, name: 'Hook', password, phone: '+998901234567' } });
    expect(res.statusCode, res.body).toBe(201);
    const received = await until('the user event', () => got()[0]);
    const payload = JSON.parse(received.body) as { type: string; data: { record?: Record<string, unknown> } };
    expect(payload.type).toBe('user.create');
    expect(payload.data.record?.id).toBe(res.json<{ id: string }>().id);
    expect(received.body).not.toContain(password);
    expect(received.body).not.toMatch(/password|hash|token|secret|totp|recovery|scrypt/i);
    const stored = await messagesTo(id);
    expect(JSON.stringify(stored.map((s) => s.payload))).not.toMatch(/password|hash|token|secret/i);
    await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${id}`, payload: { enabled: false } });
  });

  it('carries the record only as far as the endpoint’s creator may read it', async () => {
    const manager = await userWith(t, ['webhook.manage']);
    const { id } = await endpoint(['region.edit'], manager.token);
    await editRegion((await region(t)).id);
    const [row] = await until('the message', async () => {
      const rows = await messagesTo(id);
      return rows.length ? rows : undefined;
    });
    const data = (row.payload as { data: Record<string, unknown> }).data;
    expect(data.changed).toContain('name');
    expect(data).not.toHaveProperty('record');
    await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${id}`, payload: { enabled: false } });
  });

  it('a write in a rolled-back transaction leaves no outbox row', async () => {
    const { id } = await endpoint(['region.edit']);
    await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${id}`, payload: { enabled: true } });
    const r = await region(t);
    const request = { user: undefined, server: t.app, removeFileAfterSuccess: () => {} } as unknown as FastifyRequest;
    let inside = -1;
    await expect(
      t.database.db.transaction(async (outer) => {
        await auditedWrite(outer as unknown as Db, request, async () => ({
          result: null,
          audit: { resource: 'region', recordId: r.id, action: 'edit' as const, before: { note: 'a' }, after: { note: 'b' } },
        }));
        const [{ n }] = await outer.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
        inside = n;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(inside).toBe(1);
    expect(await messagesTo(id)).toHaveLength(0);
    await t.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${id}`, payload: { enabled: false } });
  });

  it('two takers never take the same message (SKIP LOCKED), and a lease that ends makes a taken message due again', async () => {
    const [row] = await t.database.db
      .insert(webhookEndpoints)
      .values({ url: 'http://192.0.2.1/never', events: ['*'], secret: 'whsec_AAAA', enabled: true })
      .returning({ id: webhookEndpoints.id });
    await t.database.db.insert(webhookDeliveries).values(
      Array.from({ length: 40 }, (_, i) => ({ messageId: `msg_lease_${i}_${Date.now()}`, endpointId: row.id, eventType: 'x.y', payload: {}, nextAttemptAt: new Date(Date.now() + 3_600_000) })),
    );
    await t.database.db.update(webhookDeliveries).set({ nextAttemptAt: new Date(0) }).where(eq(webhookDeliveries.endpointId, row.id));
    // The loop of the app could take them too: turn them over to two takers of ours, leased for an hour.
    const [a, b] = await Promise.all([claimDue(t.database.db, 25, 3_600_000), claimDue(t.database.db, 25, 3_600_000)]);
    const mine = [...a, ...b].filter((m) => m.endpointId === row.id).map((m) => m.id);
    expect(new Set(mine).size).toBe(mine.length);
    // Killed mid-delivery: nothing settles them. Once the lease ends they are due again, same message ids, attempt 2.
    await t.database.db.update(webhookDeliveries).set({ nextAttemptAt: new Date(0) }).where(eq(webhookDeliveries.endpointId, row.id));
    const again = (await claimDue(t.database.db, 100, 3_600_000)).filter((m) => m.endpointId === row.id);
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((m) => m.attempts >= 2 || !mine.includes(m.id))).toBe(true);
    await t.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  });
});

describe('private addresses', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(() => strict.close());

  it('are refused when an endpoint is saved, in the reader’s language, field url', async () => {
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.1]/', 'https://192.168.1.10/x']) {
      const res = await strict.api({ method: 'POST', url: '/api/v1/webhook/add', payload: { url, events: ['*'] }, headers: { 'accept-language': 'uz' } });
      expect(res.statusCode, url).toBe(422);
      expect(res.json<{ fields: { url: string } }>().fields.url, url).toContain('ichki tarmoq');
    }
    const en = await strict.api({ method: 'POST', url: '/api/v1/webhook/add', payload: { url: 'http://127.0.0.1/', events: ['*'] } });
    expect(en.json()).toMatchObject({ statusCode: 422, fields: { url: expect.stringContaining('private') } });
    expect(await strict.database.db.select().from(webhookEndpoints)).toHaveLength(0);
    const publicOne = await strict.api({ method: 'POST', url: '/api/v1/webhook/add', payload: { url: 'https://93.184.215.14/hook', events: ['*'], enabled: false } });
    expect(publicOne.statusCode, publicOne.body).toBe(201);
    const edit = await strict.api({ method: 'PATCH', url: `/api/v1/webhook/edit/${publicOne.json<{ id: string }>().id}`, payload: { url: 'http://127.0.0.1/' } });
    expect(edit.statusCode).toBe(422);
  });

  it('are refused again at delivery, on the address the host resolves to', async () => {
    expect(await post('http://127.0.0.1:9/x', {}, '{}', false)).toMatchObject({ statusCode: null, error: expect.stringContaining('private') });
    expect(await post('http://localhost:9/x', {}, '{}', false)).toMatchObject({ statusCode: null, error: expect.stringContaining('private') });
    expect(isPrivateAddress('100.64.0.1')).toBe(true);
    expect(isPrivateAddress('64:ff9b::a9fe:a9fe')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
  });
});

describe('an endpoint failing for 24 hours', () => {
  let fast: TestContext;
  let down: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    // 24 hours scaled to about 0.9 s.
    fast = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIME_SCALE: '0.00001' });
    down = await receiver();
  });
  afterAll(async () => {
    await fast.close();
    await down.close();
  });

  it('is turned off and its creator told in the panel, in uz, ru and en', async () => {
    down.script.set('/hook', Array<number>(1000).fill(500));
    const manager = await userWith(fast, ['webhook.manage']);
    const created = await fast.api({ method: 'POST', url: '/api/v1/webhook/add', payload: { url: down.url, events: ['*'] }, token: manager.token });
    const { id } = created.json<{ id: string }>();
    await fast.api({ method: 'POST', url: `/api/v1/webhook/${id}/test`, token: manager.token });
    const off = await until(
      'turned off',
      async () => {
        const res = await fast.api({ method: 'GET', url: `/api/v1/webhook/${id}`, token: manager.token });
        return res.json<{ enabled: boolean }>().enabled === false && res.json<{ disabledReason: string }>();
      },
      20_000,
    );
    expect(off.disabledReason).toBe('failing');
    const notes = await fast.database.db.select().from(notifications).where(eq(notifications.userId, manager.id));
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toContain('oʻchirildi');
    expect(notes[0].message).toContain('отключён');
    expect(notes[0].message).toContain('turned off');
    expect(down.got.length).toBeGreaterThan(2);
  });
});
