/**
 * The second factor's check, as a login or a disable runs it: a TOTP code of ±1 step not used before, or an unused
 * recovery code, behind the account's lock and (at login) the secret throttle under scope `totp`, so code guessing
 * ends in 429 like password guessing. The secret's cryptography is auth/two-factor.ts.
 */
import type { DbOrTx } from '../db/client';
import { matchTotp } from '../auth/totp';
import { hashRecoveryCode, normalRecoveryCode, openSecret } from '../auth/two-factor';
import { findTwoFactor, markTotpStepUsed, useRecoveryCode } from './two-factor';
import { recordSecondFactorFailure, secondFactorLocked, secondFactorPassed } from './second-factor-lock';
import { insertAudit } from './audit';
import { throttledCheck, type LoginThrottle } from './throttle';

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
 * The second step of a login, after the password passed: nothing to do for a user without two-factor (`twoFactorOn`,
 * as the login's read of the account found it); otherwise the
 * code is required (`missing`) and checked behind the throttle under scope `totp` (a wrong code is a failed attempt)
 * and behind the account's lock (`locked`: the authenticator's codes are refused until a recovery code lifts it).
 */
export async function loginSecondFactor(
  db: DbOrTx,
  throttle: LoginThrottle,
  serverSecret: string,
  who: { userId: string; username: string; address: string; code?: string; twoFactorOn: boolean },
): Promise<'passed' | 'missing' | 'wrong' | 'locked' | { retryAfter: number }> {
  // The login read the account's two-factor state in its one statement (repos/profile.ts loginAccount).
  if (!who.twoFactorOn) return 'passed';
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
