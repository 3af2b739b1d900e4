/**
 * The product's first start: a new embedded database gets the demo data (DEMO_DATA's default), readable through the
 * API in uz, ru and en; a restart on the same folder does not add it again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/harness/server';

const PASSWORD = 'demo-start-password';
let dataDir: string;

/** The real server on `dataDir` with DEMO_DATA left to its default; answers the API base. */
async function start() {
  const server = await startServer(
    { DEMO_DATA: '', ADMIN_PASSWORD: PASSWORD, ADMIN_DIST_DIR: path.join(dataDir, 'no-admin') },
    { dataDir },
  );
  return { ...server, base: `${server.baseUrl}/api/v1` };
}

async function token(base: string) {
  const res = await fetch(`${base}/auth/login/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  return (await res.json()).accessToken as string;
}

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('first start', () => {
  it('seeds the demo on a new embedded database, readable in three languages, and only once', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-demo-start-'));
    const first = await start();
    try {
      expect(first.log()).toMatch(/demo data: 60 cottages/);
      const access = await token(first.base);
      const regions: Record<string, string[]> = {};
      for (const lang of ['uz', 'ru', 'en']) {
        const res = await fetch(`${first.base}/cottage`, { headers: { authorization: `Bearer ${access}`, 'accept-language': lang } });
        expect(res.status).toBe(200);
        const list = await res.json();
        expect(list).toHaveLength(60);
        regions[lang] = list.map((c: { region: { name: string } }) => c.region.name);
        const image = await fetch(`${first.base.replace('/api/v1', '')}/${list[0].mainImage}`);
        expect(image.status).toBe(200);
      }
      expect(regions.uz).toContain('Toshkent viloyati');
      expect(regions.ru).toContain('Ташкентская область');
      expect(regions.en).toContain('Tashkent Region');
    } finally {
      await first.stop();
    }

    const second = await start();
    try {
      expect(second.log()).not.toMatch(/demo data/);
      const stats = await fetch(`${second.base}/stats`, { headers: { authorization: `Bearer ${await token(second.base)}` } });
      expect((await stats.json()).cottages).toBe(60);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
