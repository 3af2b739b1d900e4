import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { createTestApp, type TestContext } from './helpers';
import { ENGINE, pgDatabaseUrl } from './engine';
import { buildApp } from '../src/server/app';
import { openPostgres } from '../src/server/db/open';
import { HEALTH_TIMEOUT_MS } from '../src/server/routes/health';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /health', () => {
  it('answers 200 without a token while the database answers, and says nothing more', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is public in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/api/v1/health'].get.security).toEqual([]);
  });

  it('answers 503 when the database refuses connections', async () => {
    const app = await buildApp(t.config, { database: openPostgres('postgres://nobody@127.0.0.1:1/none') });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    } finally {
      await app.close();
    }
  });

  // A PostgreSQL behind a relay that stops passing bytes on: the query hangs, the answer does not.
  it.runIf(ENGINE === 'postgres')('answers 503 within the timeout when the database stops answering', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    let frozen = false;
    const sockets: Socket[] = [];
    const relay = createServer((client) => {
      if (frozen) return void sockets.push(client);
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.push(client, upstream);
      client.on('data', (d) => !frozen && upstream.write(d));
      upstream.on('data', (d) => !frozen && client.write(d));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const url = new URL(pgDatabaseUrl(process.env.TEST_DATABASE_URL!, target.pathname.slice(1) || 'postgres'));
    url.host = `127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const app = await buildApp(t.config, { database: openPostgres(url.toString()) });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      frozen = true;
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 100);
      expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1000);
    } finally {
      sockets.forEach((s) => s.destroy());
      relay.close();
      await app.close();
    }
  });
});
