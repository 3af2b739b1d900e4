/**
 * Starts the real API server (which serves the built admin) on a free port, with a fresh data folder, a copy of a
 * template folder (removed on stop), or a given one (kept on stop, so a test can start again on it). Used by the
 * browser specs and by the first-start API test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ADMIN = { username: 'admin', password: 'e2e-owner-secret' };

export interface RunningServer {
  baseUrl: string;
  /** The server process (the benchmarks read its memory). */
  pid: number;
  stop(): Promise<void>;
  log(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Up once it has printed its start-up line (after listen), whether or not it serves the admin. */
async function waitUntilUp(child: ChildProcess, output: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    if (output().includes('is running at')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000}s:\n${output()}`);
}

/** The server's entry: its TypeScript source through tsx, or the build `npm start` runs (about a second faster to start). */
const ENTRY = { source: ['--import', 'tsx', 'src/server/main.ts'], built: ['dist/server/main.mjs'] };

export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; built?: boolean; template?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'dacha-e2e-')));
  if (opts.template) await cp(opts.template, dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, opts.built ? ENTRY.built : ENTRY.source, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '1000',
      ...env,
    },
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, stop, log: () => output };
}
