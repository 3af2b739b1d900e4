/**
 * The layer rules (`.dependency-cruiser.cjs`, `npm run check:layers`) catch what they are for: each case writes a few
 * files into a scratch project and runs dependency-cruiser on it with the project's own configuration. Should a rule
 * stop matching (a folder renamed, a pattern broken), its case fails here instead of the check passing quietly.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const scratches: string[] = [];
afterAll(() => scratches.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The rules broken by these files (empty when none), as dependency-cruiser names them. */
function violations(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'dacha-layers-'));
  scratches.push(dir);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { jsx: 'react-jsx', module: 'ESNext', moduleResolution: 'bundler' } }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const bin = path.join(ROOT, 'node_modules/.bin/depcruise');
  const run = spawnSync(bin, ['src', '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'], { cwd: dir, encoding: 'utf8' });
  const report = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(report.summary.violations.map((v) => v.rule.name))].sort();
}

describe('the panel’s layers', { timeout: 90_000 }, () => {
  it('let a layer import the layers below it', () => {
    expect(
      violations({
        'src/admin/shell/Layout.tsx': "import { Kit } from '../components/Kit';\nexport const Layout = () => Kit;\n",
        'src/admin/components/Kit.tsx': "import { Logo } from '../ui/Logo';\nexport const Kit = Logo;\n",
        'src/admin/ui/Logo.tsx': 'export const Logo = 1;\n',
      }),
    ).toEqual([]);
  });

  it('catch a shared piece importing the shell above it', () => {
    expect(
      violations({
        'src/admin/shell/Layout.tsx': 'export const Layout = 1;\n',
        'src/admin/components/Rogue.tsx': "import { Layout } from '../shell/Layout';\nexport const Rogue = Layout;\n",
      }),
    ).toEqual(['panel-components-imports-upward']);
  });

  it('catch the panel importing the login page, and the circle through the chunk’s import()', () => {
    expect(
      violations({
        'src/admin/Panel.tsx': "import { Login } from './login/LoginPage';\nexport default Login;\n",
        'src/admin/login/LoginPage.tsx': "import { loadPanel } from '../panelChunk';\nexport const Login = loadPanel;\n",
        'src/admin/panelChunk.ts': "export const loadPanel = () => import('./Panel');\n",
      }),
    ).toEqual(['no-circular', 'panel-panel-imports-upward']);
  });
});

describe('the server’s layers', { timeout: 90_000 }, () => {
  it('catch a repository importing a route', () => {
    expect(
      violations({
        'src/server/routes/user.ts': 'export const route = 1;\n',
        'src/server/repos/users.ts': "import { route } from '../routes/user';\nexport const users = route;\n",
      }),
    ).toEqual(['repos-imports-upward']);
  });

  it('let a seed use repositories and auth, and catch auth importing a seed', () => {
    expect(
      violations({
        'src/server/seed/demo.ts': "import { hash } from '../auth/passwords';\nimport { users } from '../repos/users';\nexport const demo = [hash, users];\n",
        'src/server/repos/users.ts': 'export const users = 1;\n',
        'src/server/auth/passwords.ts': "import { demo } from '../seed/demo';\nexport const hash = demo;\n",
      }),
    ).toEqual(['auth-imports-upward', 'no-circular']);
  });
});
