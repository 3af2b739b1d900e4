/**
 * What PostgreSQL alone needs for a call's statements (issue 27, "the limit, measured"): the statements a server sent
 * for each call, captured from its pool, replayed by `pgbench` at the same concurrency: each transaction draws a call at
 * random and executes its statements, prepared once per connection (see `script`). Answers transactions (calls) per
 * second and p50/p99 from pgbench's log.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

/** Records every statement sent through `pool` while `fn` runs. */
export async function captured(pool: pg.Pool, fn: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const spy = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push(typeof first === 'string' ? { text: first, values: second ?? [] } : { text: first.text, values: first.values ?? second ?? [] });
    return query(...args);
  };
  (pool as unknown as { query: typeof spy }).query = spy;
  try {
    await fn();
  } finally {
    delete (pool as unknown as { query?: unknown }).query;
  }
  return seen;
}

/** A value as an SQL literal (the types the list statements bind: text, numbers, text arrays, null). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return literal(`{${value.map((v) => `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`);
  if (value instanceof Date) return literal(value.toISOString());
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** A statement's text on one line (a pgbench script's statement is a line). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The pgbench script: each client prepares every distinct statement once (server-side `PREPARE`, as the server's named
 * statements are: the same generic or custom plans), then each transaction draws a call and executes its statements
 * with their values. Simple protocol, so the texts' colons (`'HH24:MI:SS'`) are not taken for pgbench variables.
 */
function script(calls: Statement[][]): string {
  const names = new Map<string, string>();
  for (const { text } of calls.flat()) if (!names.has(text)) names.set(text, `s${names.size}`);
  const prepare = [...names].map(([text, name]) => `PREPARE ${name} AS ${oneLine(text)};`);
  const execute = ({ text, values }: Statement) => `EXECUTE ${names.get(text)}${values.length ? `(${values.map(literal).join(', ')})` : ''};`;
  const branches = calls.map((statements, i) => [`${i ? '\\elif' : '\\if'} :call = ${i}`, ...statements.map(execute)]);
  return ['\\if :ready = 0', ...prepare, '\\set ready 1', '\\endif', `\\set call random(0, ${calls.length - 1})`, ...branches.flat(), '\\endif', ''].join('\n');
}

export interface PgAloneResult {
  perSecond: number;
  p50: number;
  p99: number;
}

/** Replays `calls` (each a call's statements) with pgbench on `url`: `connections` clients for `seconds`. */
export async function pgAlone(url: string, calls: Statement[][], connections: number, seconds: number): Promise<PgAloneResult | string> {
  if (spawnSync('pgbench', ['--version']).status !== 0) return 'pgbench not found (Debian: postgresql-client)';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dacha-pgbench-'));
  try {
    const file = path.join(dir, 'calls.sql');
    await writeFile(file, script(calls));
    const target = new URL(url);
    const run = spawnSync(
      'pgbench',
      ['-n', '-D', 'ready=0', '-c', String(connections), '-j', '2', '-T', String(seconds), '-l', '--log-prefix', path.join(dir, 'log'), '-f', file,
        '-h', target.hostname, '-p', target.port || '5432', '-U', decodeURIComponent(target.username || 'postgres'), target.pathname.slice(1)],
      { encoding: 'utf8', cwd: dir, env: { ...process.env, PGPASSWORD: decodeURIComponent(target.password) } },
    );
    const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
    if (run.status !== 0 || !tps) return `pgbench failed: ${(run.stderr || run.stdout).trim().split('\n').slice(-3).join(' ')}`;
    // Each log line: client, transaction, its time in µs, script, epoch, µs.
    const latencies: number[] = [];
    for (const file of (await readdir(dir)).filter((f) => f.startsWith('log'))) {
      for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
    return { perSecond: Number(tps), p50: at(0.5), p99: at(0.99) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
