/**
 * The open panels' change stream (`GET /events`) and presence (issue #25), over real HTTP: a committed write reaches
 * an open stream within a second, from this server or another one on the same database (on PostgreSQL: two app
 * instances with their own LISTEN connections, what two workers have); a stream hears only what its user may list.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestContext } from './helpers';
import { sql } from 'drizzle-orm';
import { region, userWith } from './fixtures';
import { buildApp } from '../src/server/app';
import { publishChange } from '../src/server/repos/events';
import { PRESENCE_PER_SESSION } from '../src/server/repos/presence';

interface Frame {
  id?: string;
  event: string;
  data: string;
}

/** An open stream: its frames as they come, and a way to wait for one. */
async function openStream(origin: string, token: string | undefined, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${origin}/api/v1/events`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, signal: controller.signal });
  const frames: Frame[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const frame: Frame = { event: 'message', data: '' };
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) frame.id = line.slice(4);
              else if (line.startsWith('event: ')) frame.event = line.slice(7);
              else if (line.startsWith('data: ')) frame.data = line.slice(6);
            }
            if (block.split('\n').some((l) => !l.startsWith(':'))) frames.push(frame);
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const wake of waiters) wake();
    })();
  }
  return {
    res,
    frames,
    get ended() {
      return ended;
    },
    changes: () => frames.filter((f) => f.event === 'change').map((f) => JSON.parse(f.data) as { resource: string; ids: string[]; action: string }),
    async waitFor(test: (frames: Frame[]) => boolean, ms = 1000) {
      const started = Date.now();
      while (!test(frames)) {
        if (ended) throw new Error('the stream ended');
        if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), resolve());
          waiters.add(wake);
          setTimeout(wake, 20);
        });
      }
      return Date.now() - started;
    },
    close: () => controller.abort(),
  };
}

let t: TestContext;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ EVENT_STREAMS_MAX: '3', EVENT_STREAMS_PER_USER: '2' });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // Aborted fetch streams leave their server connections open in this process (see the report): end them here.
  t.app.server.closeAllConnections();
  await t.close();
});

const deleteRegion = (id: string, token?: string) => t.api({ method: 'DELETE', url: `/api/v1/region/delete/${id}`, token });
const ready = (frames: Frame[]) => frames.some((f) => f.event === 'ready');

describe('the change stream', () => {
  it('refuses a request without a token or with a bad one (401)', async () => {
    expect((await fetch(`${origin}/api/v1/events`)).status).toBe(401);
    expect((await fetch(`${origin}/api/v1/events`, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401);
  });

  it('a committed write reaches an open stream within a second, as ids only', async () => {
    const { accessToken } = await t.login();
    const stream = await openStream(origin, accessToken);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await stream.waitFor(ready);
      const r = await region(t);
      expect((await deleteRegion(r.id)).statusCode).toBe(200);
      await stream.waitFor(() => stream.changes().some((c) => c.resource === 'region' && c.ids.includes(r.id)));
      expect(stream.changes().find((c) => c.ids.includes(r.id))).toEqual({ resource: 'region', ids: [r.id], action: 'delete' });
      // A bulk write (outside auditedWrite) is told too, as one event.
      const [a, b] = [await region(t), await region(t)];
      expect((await t.api({ method: 'POST', url: '/api/v1/region/bulk/delete', payload: { ids: [a.id, b.id] } })).statusCode).toBe(200);
      await stream.waitFor(() => stream.changes().some((c) => c.action === 'bulkDelete'));
      expect(stream.changes().find((c) => c.action === 'bulkDelete')).toEqual({ resource: 'region', ids: [a.id, b.id], action: 'bulkDelete' });
    } finally {
      stream.close();
    }
  });

  it('an event too large for a NOTIFY (300 ids) is announced by its id and still reaches the stream whole', async () => {
    const { accessToken } = await t.login();
    const stream = await openStream(origin, accessToken);
    try {
      await stream.waitFor(ready);
      const ids = Array.from({ length: 300 }, () => randomUUID());
      await publishChange(t.database.db, { resource: 'region', ids, action: 'bulkEdit' });
      await stream.waitFor(() => stream.changes().some((c) => c.action === 'bulkEdit'));
      expect(stream.changes().find((c) => c.action === 'bulkEdit')).toEqual({ resource: 'region', ids, action: 'bulkEdit' });
    } finally {
      stream.close();
    }
  });

  it('a stream without <resource>.list gets none of its events; a logout ends the stream at once', async () => {
    const user = await userWith(t, ['comfort.list']);
    const stream = await openStream(origin, user.token);
    try {
      await stream.waitFor(ready);
      const r = await region(t);
      expect((await deleteRegion(r.id)).statusCode).toBe(200);
      // A marker the user may list, published after the region's delete: when it is here, the region's would be.
      await publishChange(t.database.db, { resource: 'comfort', ids: ['marker'], action: 'edit' });
      await stream.waitFor(() => stream.changes().some((c) => c.ids.includes('marker')));
      expect(stream.changes().filter((c) => c.resource === 'region')).toEqual([]);
      // The logout alone ends the stream at once (its session's end is published), well before a heartbeat.
      expect((await t.api({ method: 'DELETE', url: '/api/v1/auth/logout', token: user.token })).statusCode).toBeLessThan(300);
      await expect(stream.waitFor(() => false, 1500)).rejects.toThrow('the stream ended');
      expect(stream.changes().some((c) => c.resource === 'session')).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('a password set by an admin, and an admin ending the session, end the user’s streams at once', async () => {
    const user = await userWith(t, ['region.list']);
    const stream = await openStream(origin, user.token);
    try {
      await stream.waitFor(ready);
      const edit = await t.api({ method: 'PATCH', url: `/api/v1/user/edit/${user.id}`, payload: { password: 'quiet-harbour-4417' } });
      expect(edit.statusCode, edit.body).toBe(200);
      await expect(stream.waitFor(() => false, 1500)).rejects.toThrow('the stream ended');
    } finally {
      stream.close();
    }
    const again = await userWith(t, ['region.list']);
    const second = await openStream(origin, again.token);
    try {
      await second.waitFor(ready);
      const [session] = (await t.api({ method: 'GET', url: `/api/v1/user/${again.id}/sessions` })).json() as { id: string }[];
      const ended = await t.api({ method: 'DELETE', url: `/api/v1/user/${again.id}/sessions/${session.id}` });
      expect(ended.statusCode, ended.body).toBeLessThan(300);
      await expect(second.waitFor(() => false, 1500)).rejects.toThrow('the stream ended');
    } finally {
      second.close();
    }
  });

  it('Last-Event-ID replays what was missed; an id older than what is kept gets reset', async () => {
    const { accessToken } = await t.login();
    const first = await openStream(origin, accessToken);
    await first.waitFor(ready);
    const position = first.frames.find((f) => f.event === 'ready')!.id!;
    first.close();
    await publishChange(t.database.db, { resource: 'region', ids: ['missed-1'], action: 'edit' });
    await publishChange(t.database.db, { resource: 'region', ids: ['missed-2'], action: 'edit' });
    const resumed = await openStream(origin, accessToken, { 'last-event-id': position });
    try {
      await resumed.waitFor(ready);
      expect(resumed.changes().map((c) => c.ids[0])).toEqual(['missed-1', 'missed-2']);
      expect(resumed.frames.filter((f) => f.event === 'change').every((f) => Number(f.id) > Number(position))).toBe(true);
    } finally {
      resumed.close();
    }
    const ancient = await openStream(origin, accessToken, { 'last-event-id': '999999999' });
    try {
      await ancient.waitFor((frames) => frames.some((f) => f.event === 'reset'));
    } finally {
      ancient.close();
    }
    // Garbage is no position: the stream starts afresh, without a reset.
    for (const garbage of ['abc', '-1', '1e9', `${'9'.repeat(40)}`, '1; drop table change_event']) {
      const fresh = await openStream(origin, accessToken, { 'last-event-id': garbage });
      try {
        expect(fresh.res.status).toBe(200);
        await fresh.waitFor(ready);
        expect(fresh.frames.some((f) => f.event === 'reset')).toBe(false);
      } finally {
        fresh.close();
      }
    }
  });

  it('answers 429 beyond EVENT_STREAMS_PER_USER for one account (2 here), 503 with Retry-After beyond EVENT_STREAMS_MAX (3 here)', async () => {
    const { accessToken } = await t.login();
    const other = await userWith(t, ['region.list']);
    const open = [await openStream(origin, accessToken), await openStream(origin, accessToken)];
    try {
      for (const s of open) expect(s.res.status).toBe(200);
      // The same account in another session still counts as the same account.
      const third = await fetch(`${origin}/api/v1/events`, { headers: { authorization: `Bearer ${(await t.login()).accessToken}`, 'accept-language': 'en' } });
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('30');
      expect((await third.json()).message).toMatch(/2 panels open/);
      open.push(await openStream(origin, other.token));
      expect(open[2].res.status).toBe(200);
      const fourth = await fetch(`${origin}/api/v1/events`, { headers: { authorization: `Bearer ${other.token}`, 'accept-language': 'en' } });
      expect(fourth.status).toBe(503);
      expect(fourth.headers.get('retry-after')).toBe('10');
      expect((await fourth.json()).message).toMatch(/Too many/);
    } finally {
      for (const s of open) s.close();
    }
    // A closed stream frees its place.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.app.liveEvents.open).toBe(0);
  });

  it('a write on one server reaches a stream held by another on the same database', async () => {
    // On PostgreSQL the other server listens on a connection of its own: the NOTIFY crosses the database, as between
    // workers (the same test as plugins/changes.ts's in test/session-cache.test.ts). On PGlite it stays in-process.
    const other: FastifyInstance = await buildApp(t.config, { database: t.database, closeDatabase: false });
    try {
      const otherOrigin = await other.listen({ port: 0, host: '127.0.0.1' });
      const { accessToken } = await t.login();
      const stream = await openStream(otherOrigin, accessToken);
      try {
        await stream.waitFor(ready);
        const r = await region(t);
        const written = Date.now();
        expect((await deleteRegion(r.id)).statusCode).toBe(200);
        await stream.waitFor(() => stream.changes().some((c) => c.ids.includes(r.id)), 1000);
        expect(Date.now() - written).toBeLessThan(1000);
      } finally {
        stream.close();
      }
    } finally {
      await other.close();
    }
  });
});

describe('presence', () => {
  it('join, others, leave and expiry; joining and leaving are told on the stream; no cache is emptied', async () => {
    const a = await userWith(t, ['region.show', 'region.list'], { name: 'Aziz' });
    const b = await userWith(t, ['region.show', 'region.list'], { name: 'Bobur' });
    const r = await region(t);
    const put = (token: string) => t.api({ method: 'PUT', url: '/api/v1/presence', token, payload: { resource: 'region', id: r.id } });
    const stream = await openStream(origin, b.token);
    try {
      await stream.waitFor(ready);
      expect((await put(a.token)).json()).toEqual({ others: [] });
      await stream.waitFor(() => stream.changes().some((c) => c.action === 'presence' && c.ids[0] === r.id));
      const seen = (await put(b.token)).json() as { others: { userId: string; name: string; since: string }[] };
      expect(seen.others.map((o) => [o.userId, o.name])).toEqual([[a.id, 'Aziz']]);
      await stream.waitFor(() => stream.changes().filter((c) => c.action === 'presence').length === 2);
      // A heartbeat is not a join: no new event.
      const before = stream.changes().length;
      await put(a.token);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.changes().length).toBe(before);
      const gone = await t.api({ method: 'DELETE', url: `/api/v1/presence?resource=region&id=${r.id}`, token: a.token });
      expect(gone.statusCode).toBe(204);
      await stream.waitFor(() => stream.changes().filter((c) => c.action === 'presence').length === 3);
      expect((await put(b.token)).json()).toEqual({ others: [] });
      // A row not heard of for a minute no longer counts.
      await put(a.token);
      await t.database.db.execute(sql`update presence set seen_at = now() - interval '61 seconds' where user_id = ${a.id}`);
      expect((await put(b.token)).json()).toEqual({ others: [] });
    } finally {
      stream.close();
    }
  });

  it('one session has at most PRESENCE_PER_SESSION records open (429 beyond); a heartbeat on one of them still passes', async () => {
    const user = await userWith(t, ['region.show']);
    const put = (id: string) => t.api({ method: 'PUT', url: '/api/v1/presence', token: user.token, payload: { resource: 'region', id } });
    const open: string[] = [];
    for (let i = 0; i <= PRESENCE_PER_SESSION; i++) open.push((await region(t)).id);
    const oneMore = open.pop()!;
    for (const id of open) expect((await put(id)).statusCode).toBe(200);
    const more = await put(oneMore);
    expect(more.statusCode).toBe(429);
    expect(more.json().message).toMatch(/At most 20 records/);
    expect((await put(open[0])).statusCode).toBe(200);
    // Leaving one frees its place.
    expect((await t.api({ method: 'DELETE', url: `/api/v1/presence?resource=region&id=${open[1]}`, token: user.token })).statusCode).toBe(204);
    expect((await put(oneMore)).statusCode).toBe(200);
  });

  it('needs <resource>.show and a known resource', async () => {
    const user = await userWith(t, ['comfort.list']);
    const put = (payload: object) => t.api({ method: 'PUT', url: '/api/v1/presence', token: user.token, payload });
    expect((await put({ resource: 'region', id: 'x' })).statusCode).toBe(403);
    expect((await put({ resource: 'nothing', id: 'x' })).statusCode).toBe(400);
    expect((await put({ resource: 'region' })).statusCode).toBe(400);
  });

  it('takes only a record that exists: a random uuid or markup is 404, and nothing reaches the stream', async () => {
    const user = await userWith(t, ['region.show', 'region.list', 'order.show']);
    const watcher = await userWith(t, ['region.show', 'region.list']);
    const put = (payload: object) => t.api({ method: 'PUT', url: '/api/v1/presence', token: user.token, payload });
    const stream = await openStream(origin, watcher.token);
    try {
      await stream.waitFor(ready);
      const random = randomUUID();
      for (const payload of [{ resource: 'region', id: random }, { resource: 'region', id: '<img src=x onerror=alert(1)>' }, { resource: 'order', id: '123' }]) {
        const answer = await put(payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(404);
      }
      // A real record afterwards is told: had the refused ones been published, they would have come first.
      const r = await region(t);
      expect((await put({ resource: 'region', id: r.id })).statusCode).toBe(200);
      await stream.waitFor(() => stream.changes().some((c) => c.action === 'presence'));
      expect(stream.changes().filter((c) => c.action === 'presence').map((c) => c.ids)).toEqual([[r.id]]);
    } finally {
      stream.close();
    }
  });
});
