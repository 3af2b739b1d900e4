/**
 * `npm start` builds the admin panel when it is missing or older than its sources, so a fresh clone needs only
 * `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'admin', 'index.html');
const sources = ['src/admin', 'src/shared', 'i18n', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

export function adminIsStale(): boolean {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newest(path.join(root, s)) > builtAt);
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  if (!existsSync(path.join(root, 'index.html'))) {
    console.log('dacha-admin: no admin sources found; serving the API only');
  } else if (adminIsStale()) {
    console.log('dacha-admin: building the admin panel (first start or sources changed)…');
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('dacha-admin: the admin panel failed to build; see the messages above');
      process.exit(result.status ?? 1);
    }
  }
}
