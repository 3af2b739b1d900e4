import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir, LockedError, processStartTime } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'dacha-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a folder another live process holds, naming it', () => {
    const dir = tempDir();
    // pid 1 is always alive.
    writeFileSync(path.join(dir, 'server.lock'), '1');
    expect(() => lockDataDir(dir)).toThrow(LockedError);
    expect(() => lockDataDir(dir)).toThrow(/pid 1.*already using the data folder/);
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

  it.runIf(linux)('writes its pid and start time, and refuses a live pid whose start time matches', () => {
    const dir = tempDir();
    lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(`${process.pid} ${processStartTime('self')}`);
    const other = tempDir();
    writeFileSync(path.join(other, 'server.lock'), `1 ${processStartTime(1)}`);
    expect(() => lockDataDir(other)).toThrow(/pid 1.*already using/);
  });

  it.runIf(linux)('takes over a lock whose pid now belongs to another process (a different start time)', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), `1 ${Number(processStartTime(1)) + 12345}`);
    const stale: (number | null)[] = [];
    lockDataDir(dir, { onStale: (pid) => stale.push(pid) })();
    expect(stale).toEqual([1]);
  });
});
