/**
 * The product's first start: a new embedded database gets the demo data (DEMO_DATA's default), readable through the
 * API in uz, ru and en; a restart on the same folder does not add it again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'demo-start-password';
let dataDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function start(): Promise<{ base: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '',
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 120_000;
  while (!out.includes('is running at')) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base: `http://127.0.0.1:${port}/api/v1`, child, output: () => out };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
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
      expect(first.output()).toMatch(/demo data: 60 cottages/);
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
      await stop(first.child);
    }

    const second = await start();
    try {
      expect(second.output()).not.toMatch(/demo data/);
      const stats = await fetch(`${second.base}/stats`, { headers: { authorization: `Bearer ${await token(second.base)}` } });
      expect((await stats.json()).cottages).toBe(60);
    } finally {
      await stop(second.child);
    }
  }, 240_000);
});
