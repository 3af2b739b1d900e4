/** Migrates and seeds one template database per run (PGlite dump or PostgreSQL template), dropped at the end. */
import { randomBytes } from 'node:crypto';
import { readdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/server/db/open';
import { openPglite, PGLITE_EXTENSIONS } from '../src/server/db/pglite';
import { bootstrap } from '../src/server/seed/bootstrap';
import { usePasswordCost } from '../src/server/auth/passwords';
import { ADMIN, ENGINE, TEST_SCRYPT_N, demoPrefix, pgDatabaseUrl } from './engine';
import { runStatement } from '../src/server/db/run-statement';

export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  process.env.TEST_RUN_ID = runId;
  project.provide('testRunId', runId);
  const { TEMPLATE_DUMP } = await import('./engine');
  usePasswordCost(TEST_SCRYPT_N);
  if (ENGINE === 'pglite') {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const database = openPglite(client, 'template');
    await database.migrate();
    await bootstrap(database.db, ADMIN);
    const dump = await client.dumpDataDir('gzip');
    const file = TEMPLATE_DUMP.replace('local', runId);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    project.provide('templateDump', file);
    return async () => {
      await rm(file, { force: true });
      await removeDemoTemplates(runId);
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const template = `dacha_test_${runId}_tpl`;
  await runStatement(base, `create database ${template}`);
  const database = openPostgres(pgDatabaseUrl(base, template));
  await database.migrate();
  await bootstrap(database.db, ADMIN);
  await database.close();
  project.provide('templateDb', template);
  return async () => {
    // Test files drop their own copies; sweep what a crashed file left, then the template.
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`dacha_test_${runId}_%`]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    await client.end();
    await removeDemoTemplates(runId);
  };
}

/** The demo templates' folders some files made (test/demo-template.ts); their PostgreSQL databases go with the sweep. */
async function removeDemoTemplates(runId: string) {
  const prefix = demoPrefix(runId);
  const names = await readdir(path.dirname(prefix));
  for (const name of names) if (name.startsWith(path.basename(prefix))) await rm(path.join(path.dirname(prefix), name), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
    templateDump: string;
    templateDb: string;
  }
}
