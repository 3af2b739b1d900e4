/**
 * Builds what `npm start` runs, when it is missing or older than its sources, so a fresh clone needs only
 * `npm install && npm start`: the admin panel (vite, into dist/admin) and the server (esbuild: the ES module
 * dist/server/main.mjs, the chunks it imports on demand and the migrations beside it; packages stay in node_modules).
 * A compiled server starts in about a second less than one run through a TypeScript loader. Plain JavaScript, so the check itself costs nothing
 * to load.
 *
 *   node scripts/build.mjs            build what is stale
 *   node scripts/build.mjs --force    build both
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const adminBuilt = path.join(root, 'dist', 'admin', 'index.html');
const adminSources = ['src/admin', 'src/shared', 'i18n', 'index.html', 'vite.config.ts', 'package-lock.json'];
const serverOut = path.join(root, 'dist', 'server');
const serverBuilt = path.join(serverOut, 'main.mjs');
const serverSources = ['src/server', 'src/shared', 'i18n', 'package-lock.json'];

/** The newest modification time under `p` (0 when it does not exist). */
function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const stale = (built, sources) => !existsSync(built) || sources.some((s) => newest(path.join(root, s)) > statSync(built).mtimeMs);

/** @returns {boolean} */
export const adminIsStale = () => stale(adminBuilt, adminSources);
/** @returns {boolean} */
export const serverIsStale = () => stale(serverBuilt, serverSources);

export function buildAdmin() {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the admin panel failed to build; see the messages above');
}

export async function buildServer() {
  const { build } = await import('esbuild');
  rmSync(serverOut, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'src', 'server', 'main.ts')],
    outdir: serverOut,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // A module imported with `import()` goes to a chunk of its own, its packages with it, and loads only when it is
    // used: PGlite only without DATABASE_URL, the app only in the process that serves (not a primary of workers).
    // The chunks sit beside main.mjs, where `db/client.ts` finds its migrations.
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // `db/client.ts` finds its migrations beside its own module: in the bundle, beside main.mjs.
  cpSync(path.join(root, 'src', 'server', 'db', 'migrations'), path.join(serverOut, 'migrations'), { recursive: true });
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const force = process.argv.includes('--force');
  try {
    if (!existsSync(path.join(root, 'index.html'))) {
      console.log('dacha-admin: no admin sources found; serving the API only');
    } else if (force || adminIsStale()) {
      console.log('dacha-admin: building the admin panel (first start or sources changed)…');
      buildAdmin();
    }
    if (force || serverIsStale()) {
      console.log('dacha-admin: building the server (first start or sources changed)…');
      await buildServer();
    }
  } catch (error) {
    console.error(`dacha-admin: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
