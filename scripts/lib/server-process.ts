/** The real server (`src/server/main.ts`, as `npm start` runs it) in a child process, for the crash and workers tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ADMIN = { username: 'script-admin', password: 'script-owner-secret' };

export interface Server {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/** `cwd`: another checkout's server (a benchmark's baseline); `nodeArgs`: before the script (`--cpu-prof`). */
export async function startServer(env: Record<string, string>, opts: { cwd?: string; nodeArgs?: string[] } = {}): Promise<Server> {
  let output = '';
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts'], {
    cwd: opts.cwd ?? ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'error',
      ...env,
    },
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = /is running at (http:\/\/\S+?)\/?\s/.exec(output);
    if (up) return { child, origin: up[1], output: () => output };
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  kill(child);
  throw new Error(`the server did not start within 60 s:\n${output}`);
}

export function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGKILL');
  return exited;
}

export async function login(origin: string, credentials = ADMIN): Promise<string> {
  const res = await fetch(`${origin}/api/v1/auth/login/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, userAgent: 'script' }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}


/** Stops the server as an operator would (SIGTERM: a profile is written on the way out), killing it after `ms`. */
export async function stopServer(child: ChildProcess, ms = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}
