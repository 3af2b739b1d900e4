/**
 * The real app on an embedded PGlite for the import benches (`bench/import.ts`, `bench/import-apply.ts`): migrated,
 * seeded as a database in use is (the demo catalogue and a few cottages: an empty one hid a quadratic foreign key
 * check, docs/decisions.md "The import's stale plans"), the bench admin logged in, and the CSV posted as the panel
 * posts it. The places' CSV names the demo's Tashkent Region in its three languages.
 */
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite } from '../../src/server/db/pglite';
import { bootstrap } from '../../src/server/seed/bootstrap';
import { seedScale } from '../../src/server/seed/scale';
import { diskStorage } from '../../src/server/storage';

const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };

type Call = { method: 'GET' | 'POST'; url: string; payload?: unknown; headers?: Record<string, string> };

export async function openImportApp(client: PGlite, dataDir: string, maxRows: number) {
  const database = openPglite(client, 'bench');
  await database.migrate();
  await bootstrap(database.db, ADMIN);
  await seedScale(database.db, diskStorage(dataDir), { cottages: 10 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-access-secret-0123456789-abcdef',
    JWT_REFRESH_SECRET: 'bench-refresh-secret-0123456789-abcdef',
    ADMIN_DIST_DIR: `${dataDir}/no-admin`,
    LOG_LEVEL: 'silent',
    IMPORT_MAX_ROWS: String(maxRows),
  });
  const app = await buildApp(config, { database, storage: diskStorage(dataDir) });
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { ...ADMIN, userAgent: 'bench' } });
  if (login.statusCode !== 201) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().accessToken}`, 'accept-language': 'en' };
  const api = (opts: Call) => app.inject({ ...opts, payload: opts.payload as string, headers: { ...headers, ...opts.headers } });
  return { app, database, api };
}

/** N new places naming the region in its three languages in turn. */
export function placesCsv(rows: number) {
  const lines = ['#,Name (uz),Name (ru),Name (en),Region'];
  for (let i = 0; i < rows; i++) lines.push(`,Qishloq ${i},Посёлок ${i},Village ${i},${['Toshkent viloyati', 'Ташкентская область', 'tashkent region'][i % 3]}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** A CSV as the panel's import posts it: multipart, field `file`. */
export function multipart(csv: string) {
  const boundary = `----bench${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
