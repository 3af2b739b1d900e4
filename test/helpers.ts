/**
 * The real app around a fresh copy of the migrated template database, for `inject()` tests. Call `close()` in
 * afterAll: it closes the app, drops the database copy and removes the data folder.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import { openPostgres } from '../src/server/db/open';
import { type Database } from '../src/server/db/client';
import { openPglite, PGLITE_EXTENSIONS } from '../src/server/db/pglite';
import { ADMIN, ENGINE, TEST_SCRYPT_N, pgDatabaseUrl } from './engine';
import { runStatement } from '../src/server/db/run-statement';
import { demoTemplate, type DemoTemplate } from './demo-template';

export { ADMIN };

const adminQuery = (sql: string) => runStatement(process.env.TEST_DATABASE_URL!, sql);

async function copyTemplate(demo?: DemoTemplate): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (ENGINE === 'pglite') {
    const dump = await readFile(demo?.dump ?? inject('templateDump'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
    return { database: openPglite(client, 'test'), drop: async () => {} };
  }
  const name = `dacha_test_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name} template ${demo?.database ?? inject('templateDb')}`);
  const database = openPostgres(pgDatabaseUrl(process.env.TEST_DATABASE_URL!, name));
  return { database, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  config: Config;
  /** Logs in and answers the token pair. */
  login(username?: string, password?: string): Promise<{ accessToken: string; refreshToken: string }>;
  /** `inject` with an admin bearer token (or the given token). */
  api(opts: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  /** Files in the uploads folder, relative like the API's paths. */
  uploadedFiles(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * `logs`: collect the app's log lines (JSON, level info and up) into this array. `demo`: start with the demo data of
 * that many cottages (`seedDemo`'s, with its pictures), copied from a template made once per run (test/demo-template.ts).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { logs?: string[]; demo?: number } = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dacha-test-'));
  const demo = opts.demo === undefined ? undefined : await demoTemplate(opts.demo);
  if (demo) await cp(path.join(demo.dataDir, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
  const loaded = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-access-secret-0123456789-abcdef',
    JWT_REFRESH_SECRET: 'test-refresh-secret-0123456789-abcdef',
    ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
    LOG_LEVEL: 'silent',
    // The tests stand in for a balancer: X-Forwarded-For gives each request the address it is counted under.
    TRUST_PROXY: 'true',
    // Files upload and export far more often than a person would; the limit has its own test.
    RATE_LIMIT_MAX: '100000',
    ...env,
  });
  // Cheaper hashes than production's (config.spec checks the default and the floor, auth-sessions the upgrade), below
  // what SCRYPT_N accepts, so set on the loaded config; every app built from `t.config` hashes at it.
  const config: Config = env.SCRYPT_N ? loaded : { ...loaded, scryptN: TEST_SCRYPT_N };
  const { database, drop } = await copyTemplate(demo);
  const logs = opts.logs;
  const logger = logs ? { level: 'info', stream: { write: (line: string) => void logs.push(line) } } : undefined;
  const app = await buildApp(config, { database, logger });
  let adminToken: string | undefined;

  const ctx: TestContext = {
    app,
    database,
    dataDir,
    config,
    async login(username = ADMIN.username, password = ADMIN.password) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { username, password, userAgent: 'vitest' } });
      if (res.statusCode !== 201) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async api({ token, ...opts }) {
      if (token === undefined) adminToken ??= (await ctx.login()).accessToken;
      const bearer = token === undefined ? adminToken : token;
      const headers = { ...(opts.headers ?? {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) };
      return app.inject({ ...opts, headers });
    },
    async uploadedFiles() {
      const dir = path.join(dataDir, 'uploads', 'images');
      const names = await readdir(dir).catch(() => [] as string[]);
      return names.map((n) => `uploads/images/${n}`).sort();
    },
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}

/** Builds a multipart body for inject(): fields (repeated for arrays) and files. */
export function multipart(fields: Record<string, string | number | boolean | (string | number)[] | undefined>, files: { field: string; filename: string; content: Buffer; type?: string }[] = []) {
  const boundary = `----dacha${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`);
    }
  }
  for (const f of files) {
    push(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`);
    chunks.push(f.content);
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
