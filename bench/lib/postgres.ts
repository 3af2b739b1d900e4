/** What the benchmarks share on PostgreSQL: the server they use, a database of their own, and the admin they log in as. */
import { runStatement } from '../../src/server/db/run-statement';

/** The account `bootstrap` creates in a benchmark's database. */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-password-1' };
const BENCH_PG = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the benchmarks' server. */
export function benchDatabaseUrl(name: string): string {
  const url = new URL(BENCH_PG);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates database `name` and answers its URL, or answers undefined (saying why) when no PostgreSQL answers. */
export async function createBenchDatabase(bench: string, name: string): Promise<string | undefined> {
  try {
    await runStatement(BENCH_PG, `create database ${name}`);
  } catch (error) {
    console.log(`${bench}: SKIPPED — no PostgreSQL at ${BENCH_PG} (${(error as Error).message})`);
    return undefined;
  }
  return benchDatabaseUrl(name);
}

export const dropBenchDatabase = (name: string) => runStatement(BENCH_PG, `drop database if exists ${name} with (force)`);

/** Logs the bench admin in at `origin`: the headers of its calls (in Russian, the panel's usual language here). */
export async function adminHeaders(origin: string): Promise<Record<string, string>> {
  const login = await fetch(`${origin}/api/v1/auth/login/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_ADMIN, userAgent: 'bench' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}`, 'accept-language': 'ru' };
}
