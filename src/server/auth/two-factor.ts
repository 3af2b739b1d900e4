/**
 * The second factor: its secret sealed at rest, recovery codes, and the check a login or a disable runs (a TOTP code of
 * ±1 step not used before, or an unused recovery code). The check runs behind the secret throttle under scope `totp`
 * (routes), so code guessing ends in 429 like password guessing.
 *
 * - The secret is AES-256-GCM ciphertext under a key HKDF-derived from `JWT_SECRET` (the server's own secret, kept in
 *   the data folder or the environment), with the user id as additional data: a row copied to another user does not
 *   open. Stored as `v1.` + base64url(iv ‖ tag ‖ ciphertext).
 * - Recovery codes: 16 base32 characters (80 random bits), shown once, stored as SHA-256. A slow hash would only
 *   matter for guessable secrets; 2^80 codes cannot be searched from a stolen table, and SHA-256 lets the lookup be
 *   one indexed comparison.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { base32Encode, matchTotp } from './totp';
import { findTwoFactor, markTotpStepUsed, useRecoveryCode } from '../repos/two-factor';
import { recordSecondFactorFailure, secondFactorLocked, secondFactorPassed } from '../repos/second-factor-lock';
import { insertAudit } from '../repos/audit';
import { throttledCheck, type LoginThrottle } from './throttle';

const KEY_INFO = 'dacha-admin two-factor secret v1';
const keys = new Map<string, Buffer>();

function keyFrom(serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, 'dacha-admin', KEY_INFO, 32));
    keys.set(serverSecret, key);
  }
  return key;
}

export function sealSecret(serverSecret: string, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(serverSecret), iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The secret, or undefined when it does not open (another server secret, another user's row, a damaged value). */
export function openSecret(serverSecret: string, userId: string, sealed: string): string | undefined {
  if (!sealed.startsWith('v1.')) return undefined;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(serverSecret), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

const RECOVERY_CODE_COUNT = 10;

/** Upper case without separators: what is hashed and compared. */
const normalRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalRecoveryCode(code)).digest('hex');

/** Ten new codes as shown: `ABCD-EFGH-IJKL-MNOP`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => base32Encode(randomBytes(10)).replace(/(.{4})(?=.)/g, '$1-'));
}

/**
 * Checks a code of a user whose two-factor is on: a TOTP code (its step is then spent) or an unused recovery code
 * (then spent). Answers which one passed. Both spends are single conditional statements, so two requests racing with
 * the same code cannot both pass.
 */
async function checkSecondFactor(
  db: DbOrTx,
  serverSecret: string,
  userId: string,
  code: string,
): Promise<'totp' | 'recovery' | undefined> {
  const row = await findTwoFactor(db, userId);
  if (!row?.enabledAt) return undefined;
  const typed = code.trim();
  if (/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
    const secret = openSecret(serverSecret, userId, row.secret);
    const step = secret === undefined ? undefined : matchTotp(secret, typed, row.usedStep);
    if (step !== undefined && (await markTotpStepUsed(db, userId, step))) return 'totp';
    return undefined;
  }
  if (normalRecoveryCode(typed).length !== 16) return undefined;
  return (await useRecoveryCode(db, userId, hashRecoveryCode(typed))) ? 'recovery' : undefined;
}

const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.trim().replace(/\s/g, ''));

/**
 * `checkSecondFactor` behind the account's lock (repos/second-factor-lock.ts): while it is on, an authenticator code
 * is refused unchecked, right or wrong (`locked`); a recovery code is still checked and, when right, lifts it. A wrong
 * code is counted from its address; the one that locks writes an audit entry on the account (`twoFactorLock`, with
 * the count and the addresses) for its owner's history. A right code deletes the count.
 */
export async function checkSecondFactorLocked(
  db: DbOrTx,
  serverSecret: string,
  userId: string,
  code: string,
  address: string,
): Promise<{ passed: 'totp' | 'recovery' | undefined; locked: boolean }> {
  const locked = await secondFactorLocked(db, userId);
  if (locked && looksLikeTotp(code)) return { passed: undefined, locked: true };
  const passed = await checkSecondFactor(db, serverSecret, userId, code);
  if (passed) {
    await secondFactorPassed(db, userId, passed === 'recovery' ? 'recovery' : undefined);
    return { passed, locked: false };
  }
  const lock = await recordSecondFactorFailure(db, userId, address);
  if (lock) {
    await insertAudit(
      db,
      { userId: null, sessionId: null },
      {
        resource: 'user',
        recordId: userId,
        action: 'twoFactorLock',
        extra: { wrongCodes: { before: null, after: lock.failures }, addresses: { before: null, after: lock.addresses.join(', ') } },
      },
    );
  }
  return { passed: undefined, locked: locked || lock !== undefined };
}

/**
 * The second step of a login, after the password passed: nothing to do for a user without two-factor; otherwise the
 * code is required (`missing`) and checked behind the throttle under scope `totp` (a wrong code is a failed attempt)
 * and behind the account's lock (`locked`: the authenticator's codes are refused until a recovery code lifts it).
 */
export async function loginSecondFactor(
  db: DbOrTx,
  throttle: LoginThrottle,
  serverSecret: string,
  who: { userId: string; username: string; address: string; code?: string },
): Promise<'passed' | 'missing' | 'wrong' | 'locked' | { retryAfter: number }> {
  const row = await findTwoFactor(db, who.userId);
  if (!row?.enabledAt) return 'passed';
  if (!who.code?.trim()) return 'missing';
  const code = who.code;
  let locked = false;
  const outcome = await throttledCheck(throttle, { scope: 'totp', subject: who.username, address: who.address }, async () => {
    const checked = await checkSecondFactorLocked(db, serverSecret, who.userId, code, who.address);
    locked = checked.locked;
    return checked.passed;
  });
  if ('retryAfter' in outcome) return outcome;
  if (outcome.passed) return 'passed';
  return locked ? 'locked' : 'wrong';
}
