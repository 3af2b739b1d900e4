import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir, LockedError, processStartTime } from './lock';

/** Another process that takes the lock on `dir` as a server does and keeps it until killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const code = `const { lockDataDir } = await import(${JSON.stringify(path.join(import.meta.dirname, 'lock.ts'))}); lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.once('exit', (c) => reject(new Error(`the holder exited (${c})`)));
  });
  return child;
}

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'dacha-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a folder another live process holds, naming it', async () => {
    const dir = tempDir();
    const child = await holder(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(LockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${child.pid}.*already using the data folder`));
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    // Killed without releasing it: the next start takes it over.
    const stale: (number | null)[] = [];
    lockDataDir(dir, { onStale: (pid) => stale.push(pid) })();
    expect(stale).toEqual([child.pid]);
  });

  it('takes over a lock left by a dead process, and releases it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const stale: (number | null)[] = [];
    const release = lockDataDir(dir, { onStale: (pid) => stale.push(pid) });
    expect(stale).toEqual([999999999]);
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over an empty lock (a server killed while writing it), and says nothing about a free folder', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), '');
    const stale: (number | null)[] = [];
    lockDataDir(dir, { onStale: (pid) => stale.push(pid) })();
    expect(stale).toEqual([null]);
    lockDataDir(dir, { onStale: (pid) => stale.push(pid) })();
    expect(stale).toEqual([null]);
  });

  const linux = Boolean(processStartTime('self') && processStartTime(1));

  it.runIf(linux)('writes its pid and start time', () => {
    const dir = tempDir();
    lockDataDir(dir)();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(`${process.pid} ${processStartTime('self')}`);
    release();
  });

  it.runIf(linux)('takes over a lock naming a live process that is not a server holding it (pid and start time match)', () => {
    // pid 1 lives and its start time is the recorded one, yet it has no such lock open: the pid was handed on.
    for (const text of ['1', `1 ${processStartTime(1)}`]) {
      const dir = tempDir();
      writeFileSync(path.join(dir, 'server.lock'), text);
      const stale: (number | null)[] = [];
      lockDataDir(dir, { onStale: (pid) => stale.push(pid) })();
      expect(stale).toEqual([1]);
    }
  });

  it.runIf(linux)('takes over a lock whose pid now belongs to another process (a different start time)', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), `1 ${Number(processStartTime(1)) + 12345}`);
    const stale: (number | null)[] = [];
    lockDataDir(dir, { onStale: (pid) => stale.push(pid) })();
    expect(stale).toEqual([1]);
  });
});
