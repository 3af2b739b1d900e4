/**
 * scrypt password hashing with a per-user salt and a constant-time compare (no extra dependency). New hashes use the
 * configured N (`SCRYPT_N`, 2^13 by default) with the p that OWASP's table pairs with it; a hash made with other
 * parameters still verifies, and `needsRehash` tells the login to store it again with the current ones.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_SCRYPT_N } from '../config';
import { passwordWeakness } from './strength';
import { inHashSlot } from './hash-slots';

const KEY_LENGTH = 64;

/**
 * OWASP's Password Storage Cheat Sheet: with r = 8, N = 2^17 and p = 1, 2^16 and 2, 2^15 and 3, 2^14 and 5, 2^13 and
 * 10 "provide an equal level of defense", trading memory (128 → 8 MiB) for rounds. On a server the smaller ones cost
 * less time: 8 MiB stays closer to the caches (decisions: "The morning login, measured"). Below 2^13 (the tests' cost
 * only: `SCRYPT_N` refuses it) p stays 1.
 */
export function owaspP(N: number): number {
  if (N >= 2 ** 17) return 1;
  return ({ [2 ** 16]: 2, [2 ** 15]: 3, [2 ** 14]: 5, [2 ** 13]: 10 } as Record<number, number>)[N] ?? 1;
}

let params = { N: DEFAULT_SCRYPT_N, r: 8, p: owaspP(DEFAULT_SCRYPT_N) };

/** scrypt refuses to use more than `maxmem`; it needs 128·N·r bytes, so allow twice that. */
const maxmemFor = (N: number, r: number) => 256 * N * r;

/** The cost of new hashes (config `SCRYPT_N`, p after OWASP's table); tests lower it. */
export function usePasswordCost(N: number) {
  if (N === params.N) return;
  params = { ...params, N, p: owaspP(N) };
  decoyHash = undefined;
}

/** A hash in its turn (auth/hash-slots.ts: bounded by count and by memory, first come first served). */
function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions & { N: number; r: number }): Promise<Buffer> {
  return inHashSlot(128 * options.N * options.r, () =>
    new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)))),
  );
}

/** Format: `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = params;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash computed once so an unknown username costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const target = stored ?? (await (decoyHash ??= hashPassword(randomBytes(12).toString('hex'))));
  const [scheme, n, r, p, saltB64, hashB64] = target.split('$');
  const N = Number(n), R = Number(r), P = Number(p);
  // A stored cost beyond 2^20 is not one of ours: refuse rather than spend gigabytes on it.
  if (scheme !== 'scrypt' || !saltB64 || !hashB64 || !(N > 1 && N <= 2 ** 20 && R > 0 && R <= 32 && P > 0 && P <= 16)) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return timingSafeEqual(key, expected) && stored != null;
}

/**
 * True when a (verified) hash was made at a lower N, or with another r or p, than new hashes get: the login stores it
 * again. So a 2^17 hash (p 1) becomes one of the configured row, and that user's later logins cost what it costs.
 */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) < params.N || Number(r) !== params.r || Number(p) !== params.p;
}

/** A generated password (the first admin's, the demo moderator's): random, and never one the strength rule refuses. */
export function randomPassword(username: string): string {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if (!passwordWeakness(password, username)) return password;
  }
}
