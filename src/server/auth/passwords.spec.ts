import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_SCRYPT_N, loadConfig } from '../config';
import { openPglite, PGLITE_EXTENSIONS } from '../db/pglite';
import { bootstrap } from '../seed/bootstrap';
import { resolveSecrets } from '../secrets';
import { hashPassword, needsRehash, owaspP, randomPassword, usePasswordCost, verifyPassword } from './passwords';
import { passwordWeakness } from './strength';
import { hashesRunning, MAX_HASH_SLOTS } from './hash-slots';

afterEach(() => usePasswordCost(DEFAULT_SCRYPT_N));

describe('password hashes', () => {
  it('hash and verify by default at a row of OWASP’s table (N 2^13, r 8, p 10) within scrypt’s memory bound', async () => {
    usePasswordCost(DEFAULT_SCRYPT_N);
    const hash = await hashPassword('plum-kettle-orbit-7');
    expect(hash).toMatch(/^scrypt\$8192\$8\$10\$/);
    expect(await verifyPassword('plum-kettle-orbit-7', hash)).toBe(true);
    expect(await verifyPassword('plum-kettle-orbit-8', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('run six hashes at once at 2^13 (8 MiB each), and two at 2^17 (128 MiB each), the rest waiting their turn', async () => {
    // Two at a time whatever their cost queued a morning's 50 logins for seconds each behind the working loop.
    expect(MAX_HASH_SLOTS).toBe(6);
    usePasswordCost(2 ** 13);
    const small = Array.from({ length: 8 }, (_, i) => hashPassword(`plum-kettle-orbit-${i}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(hashesRunning()).toBe(6);
    await Promise.all(small);
    usePasswordCost(2 ** 17);
    const large = Array.from({ length: 3 }, (_, i) => hashPassword(`plum-kettle-orbit-${i}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(hashesRunning()).toBe(2);
    await Promise.all(large);
    expect(hashesRunning()).toBe(0);
  });

  it('pair each N with OWASP’s p for an equal defence, and p 1 from 2^17 up', () => {
    expect([13, 14, 15, 16, 17, 18, 20].map((e) => owaspP(2 ** e))).toEqual([10, 5, 3, 2, 1, 1, 1]);
  });

  it('verify a hash of the former default (2^17, p 1) and ask for it to be made again at the current row', async () => {
    usePasswordCost(2 ** 17);
    const former = await hashPassword('plum-kettle-orbit-7');
    expect(former).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(needsRehash(former)).toBe(false);
    usePasswordCost(DEFAULT_SCRYPT_N);
    expect(await verifyPassword('plum-kettle-orbit-7', former)).toBe(true);
    expect(needsRehash(former)).toBe(true);
  });

  it('verify an older, cheaper hash and ask for it to be made again', async () => {
    usePasswordCost(2 ** 14);
    const old = await hashPassword('plum-kettle-orbit-7');
    usePasswordCost(2 ** 15);
    expect(await verifyPassword('plum-kettle-orbit-7', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });
});

describe('the strength rule', () => {
  it('refuses common passwords and the username inside, and lets good ones through', () => {
    expect(['password', 'qwerty123', 'Password1!', '12345678', 'iloveyou1'].map((p) => passwordWeakness(p, 'someone'))).toEqual(Array(5).fill('common'));
    expect(passwordWeakness('Dilnoza-rocks-2024', 'dilnoza')).toBe('contains-username');
    expect(passwordWeakness('plum-kettle-orbit-7', 'dilnoza')).toBeUndefined();
    // A generated password always passes.
    for (let i = 0; i < 20; i++) expect(passwordWeakness(randomPassword('admin'), 'admin')).toBeUndefined();
  });

  it('stops the first start on a weak ADMIN_PASSWORD with one config line, and never looks at it again', async () => {
    usePasswordCost(2 ** 14);
    const database = openPglite(new PGlite({ extensions: PGLITE_EXTENSIONS }), 'bootstrap spec');
    await database.migrate();
    try {
      await expect(bootstrap(database.db, { username: 'admin', password: 'admin12345' })).rejects.toThrow(/ADMIN_PASSWORD must not contain ADMIN_USERNAME/);
      await expect(bootstrap(database.db, { username: 'boss', password: 'Password1!' })).rejects.toThrow(/ADMIN_PASSWORD is too common/);
      expect((await bootstrap(database.db, { username: 'boss', password: 'plum-kettle-orbit-7' })).createdAdmin?.username).toBe('boss');
      expect(await bootstrap(database.db, { username: 'boss', password: 'weak' })).toEqual({});
    } finally {
      await database.close();
    }
  });
});

describe('stored JWT secrets', () => {
  it('replaces a stored key shorter than 32 characters instead of refusing to start', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dacha-secrets-'));
    const file = path.join(dataDir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ jwtSecret: 'short-old-key', jwtRefreshSecret: 'another-short-one' }));
    const config = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(config.jwtSecret!.length).toBeGreaterThanOrEqual(32);
    expect(config.jwtRefreshSecret!.length).toBeGreaterThanOrEqual(32);
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(config.jwtSecret);
    // A good stored pair is kept as it is.
    expect(resolveSecrets(loadConfig({ DATA_DIR: dataDir })).jwtSecret).toBe(config.jwtSecret);
  });
});
