/**
 * Which database the API tests run on: PGlite by default, PostgreSQL when TEST_ENGINE=postgres (the test runner sets
 * it when TEST_DATABASE_URL is given). Every run migrates one template; every test file gets its own copy of it.
 */
import os from 'node:os';
import path from 'node:path';

export const ENGINE = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
export const TEMPLATE_DUMP = path.join(os.tmpdir(), `dacha-test-template-${process.env.TEST_RUN_ID ?? 'local'}.tar.gz`);
/**
 * scrypt's cost in the API tests (test/helpers.ts): 2^10, a hash in ~3 ms instead of 2^14's ~50 ms and OWASP's 2^17 at
 * ~300 ms. The same function, salt and compare at any cost; the API tests hash or check a password in about every
 * login, which at 2^14 was a good part of the suite's time (issue #37). `SCRYPT_N` itself still refuses less than 2^14
 * (src/server/config.spec.ts): the test config is given this cost after it is loaded, never through the environment.
 */
export const TEST_SCRYPT_N = 2 ** 10;
/** Where a run's demo templates live (test/demo-template.ts): `<prefix><cottages>`, a folder with the uploads and the PGlite dump. */
export const demoPrefix = (runId: string) => path.join(os.tmpdir(), `dacha-test-demo-${runId}-`);
export const ADMIN = { username: 'admin', password: 'owner-secret-1' };

/** A database name unique to this run, so parallel runs on one PostgreSQL never meet. */
export function pgDatabaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
