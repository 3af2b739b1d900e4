/**
 * `npm run backup -- FILE [--force]` and `npm run restore -- FILE [--force]` for the embedded database (README,
 * "Backups"). A backup is taken from a stopped data folder directly (under its lock) or, while the server runs, by the
 * server itself through its socket (`control.ts`). A restore goes into an empty DATA_DIR, or replaces the database,
 * uploads and token keys of a stopped one with `--force`. On PostgreSQL both say what to use instead.
 */
import { createWriteStream, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { restrictUmask, secureDataDir } from '../data-dir';
import { lockDataDir, LockedError } from '../lock';
import { BadArchiveError } from './archive';
import { BACKED_UP, STAGING, checkBackup, unpackBackup, writeBackup, type Totals } from './backup';
import { SOCKET, requestBackup } from './control';

const USAGE = 'usage: npm run backup -- FILE [--force]   |   npm run restore -- FILE [--force]';

function fail(message: string): never {
  console.error(`dacha-admin: ${message}`);
  process.exit(1);
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function postgresAdvice(command: string, config: Config): never {
  const uploads =
    config.storage.kind === 's3'
      ? `the uploads are in the bucket "${config.storage.bucket}": copy it with your S3 tools (aws s3 sync, mc mirror)`
      : `copy the uploads folder ${config.uploadsDir} alongside (cp -a, rsync)`;
  const tool = command === 'backup' ? 'pg_dump --format=custom --file=FILE "$DATABASE_URL"' : 'pg_restore --clean --if-exists --dbname="$DATABASE_URL" FILE';
  fail(`${command} is for the embedded database; DATABASE_URL names a PostgreSQL server. Use PostgreSQL's own tools: ${tool}, and ${uploads}.`);
}

async function backup(config: Config, target: string, force: boolean) {
  if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) fail(`there is no embedded database in ${config.dataDir} (DATA_DIR)`);
  if (existsSync(target) && !force) fail(`${target} exists; choose another name, or add --force to replace it`);
  const partial = `${target}.partial-${process.pid}`;
  const started = performance.now();
  let source: string;
  try {
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    await new Promise((resolve, reject) => out.once('open', resolve).once('error', reject));
    let unlock: (() => void) | undefined;
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof LockedError)) throw err;
    }
    if (unlock) {
      source = 'the stopped data folder';
      try {
        await writeBackup(config.dataDir, out);
      } finally {
        unlock();
      }
    } else {
      source = 'the running server';
      await requestBackup(config.dataDir, out);
    }
    const totals = await checkBackup(partial);
    renameSync(partial, target);
    const { size } = statSync(target);
    console.log(`backup of ${source} (${config.dataDir}) written to ${target}: ${describe(totals)}, ${mb(size)} compressed, in ${seconds(started)}`);
    console.log('it holds every password hash and the token keys: keep it where only administrators can read it');
    if (config.storage.kind === 's3') console.log(`the uploads are in the bucket "${config.storage.bucket}", not in this backup: copy the bucket too`);
  } catch (err) {
    rmSync(partial, { force: true });
    fail(`the backup failed: ${(err as Error).message}`);
  }
}

const describe = (t: Totals) => `${t.files} files, ${mb(t.bytes)}`;

async function restore(config: Config, file: string, force: boolean) {
  if (!existsSync(file)) fail(`${file} does not exist`);
  const started = performance.now();
  try {
    await checkBackup(file);
  } catch (err) {
    if (err instanceof BadArchiveError) fail(`${file}: ${err.message}`);
    throw err;
  }
  secureDataDir(config.dataDir);
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof LockedError) fail(`a server is running on ${config.dataDir}: stop it before restoring`);
    throw err;
  }
  try {
    const present = readdirSync(config.dataDir).filter((name) => name !== 'server.lock');
    if (present.length && !force) {
      fail(
        `${config.dataDir} (DATA_DIR) is not empty (${present.slice(0, 4).join(', ')}${present.length > 4 ? ', …' : ''}); ` +
          'restore into an empty folder, or add --force to replace its database, uploads and token keys',
      );
    }
    for (const name of [...BACKED_UP, STAGING, SOCKET]) rmSync(path.join(config.dataDir, name), { recursive: true, force: true });
    const totals = await unpackBackup(file, config.dataDir);
    console.log(`restored ${file} into ${config.dataDir}: ${describe(totals)}, in ${seconds(started)}; start the server on it as usual`);
  } finally {
    unlock();
  }
}

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  const [command, file, ...extra] = positionals;
  if ((command !== 'backup' && command !== 'restore') || !file || extra.length) fail(USAGE);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`configuration problem:\n  ${err.problems.join('\n  ')}`);
    throw err;
  }
  if (config.databaseUrl) postgresAdvice(command, config);
  restrictUmask();
  // npm runs scripts in the package's folder; a relative FILE means where the command was typed.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === 'backup') await backup(config, target, values.force);
  else await restore(config, target, values.force);
}

main().catch((err) => fail((err as Error).stack ?? String(err)));
