/**
 * The demo data (`seedDemo`) seeded once per run and cottage count into a template of its own, for the test files that
 * read a demo rather than test the seeding: each used to seed its own copy (several seconds of sharp and inserts).
 * The first file that asks makes it; a file in the other worker waits for it (a lock file, the workers are processes).
 * The global setup's teardown removes what is made here (`demoPrefix`).
 */
import { mkdir, open, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openPostgres } from '../src/server/db/open';
import { openPglite, PGLITE_EXTENSIONS } from '../src/server/db/pglite';
import { runStatement } from '../src/server/db/run-statement';
import { usePasswordCost } from '../src/server/auth/passwords';
import { seedDemo } from '../src/server/seed/demo';
import { diskStorage } from '../src/server/storage';
import { ENGINE, TEST_SCRYPT_N, demoPrefix, pgDatabaseUrl } from './engine';

export interface DemoTemplate {
  /** The folder whose `uploads/` a copy starts with. */
  dataDir: string;
  /** PGlite: the dump to load. */
  dump: string;
  /** PostgreSQL: the database to copy. */
  database: string;
}

const WAIT_MS = 180_000;

export async function demoTemplate(cottages: number): Promise<DemoTemplate> {
  const runId = inject('testRunId');
  const dataDir = `${demoPrefix(runId)}${cottages}`;
  const template: DemoTemplate = { dataDir, dump: path.join(dataDir, 'db.tar.gz'), database: `dacha_test_${runId}_demo${cottages}` };
  const ready = path.join(dataDir, 'ready');
  await mkdir(dataDir, { recursive: true });
  const lock = await open(path.join(dataDir, 'lock'), 'wx').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EEXIST') return undefined;
    throw err;
  });
  if (lock) {
    await lock.close();
    await build(cottages, template);
    await writeFile(ready, '');
    return template;
  }
  for (const start = Date.now(); Date.now() - start < WAIT_MS; await new Promise((r) => setTimeout(r, 200))) {
    if (await stat(ready).catch(() => undefined)) return template;
  }
  throw new Error(`the demo template of ${cottages} cottages was not ready in ${WAIT_MS / 1000} s (did its maker fail?)`);
}

async function build(cottages: number, template: DemoTemplate) {
  // The moderator's hash, at the tests' cost like every other (the global setup's bootstrap does the same).
  usePasswordCost(TEST_SCRYPT_N);
  const storage = diskStorage(template.dataDir);
  if (ENGINE === 'pglite') {
    const base = new Blob([await readFile(inject('templateDump'))]);
    const client = await PGlite.create({ loadDataDir: base, extensions: PGLITE_EXTENSIONS });
    await seedDemo(openPglite(client, 'demo-template').db, storage, { cottages });
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    await writeFile(`${template.dump}.part`, Buffer.from(await dump.arrayBuffer()));
    await rename(`${template.dump}.part`, template.dump);
    return;
  }
  const admin = process.env.TEST_DATABASE_URL!;
  await runStatement(admin, `create database ${template.database} template ${inject('templateDb')}`);
  const database = openPostgres(pgDatabaseUrl(admin, template.database));
  try {
    await seedDemo(database.db, storage, { cottages });
  } finally {
    await database.close();
  }
}
