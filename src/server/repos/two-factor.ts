/** Two-factor rows and recovery codes. Every function takes the database or a transaction and opens none itself. */
import { and, count, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../db/sql';
import type { DbOrTx } from '../db/client';
import { recoveryCodes, roles, userRoles, userTwoFactor } from '../db/schema';

export async function findTwoFactor(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** A new pending secret (sealed), replacing an earlier pending one; an enabled row is left alone (answers false). */
export async function savePendingSecret(db: DbOrTx, userId: string, sealed: string): Promise<boolean> {
  const rows = await db
    .insert(userTwoFactor)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secret: sealed, usedStep: -1, createdAt: new Date() }, where: isNull(userTwoFactor.enabledAt) })
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** Turns a pending secret on, with its first step spent, and stores the recovery codes' hashes (old ones go). */
export async function enableTwoFactor(db: DbOrTx, userId: string, step: number, codeHashes: string[]): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ enabledAt: new Date(), usedStep: step })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
    .returning({ userId: userTwoFactor.userId });
  if (!rows.length) return false;
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/**
 * New recovery codes' hashes in place of all the old ones, for a user whose two-factor is on; answers how many unused
 * ones there were, undefined when two-factor is off (nothing changes).
 */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<number | undefined> {
  const [on] = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
    .for('update');
  if (!on) return undefined;
  const left = await recoveryCodesLeft(db, userId);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return left;
}

/** Removes the second factor and its recovery codes; answers whether it was on. */
export async function removeTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const gone = await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId)).returning({ enabledAt: userTwoFactor.enabledAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return Boolean(gone[0]?.enabledAt);
}

/** Spends a TOTP step: true only when it is later than the last one spent (one statement, so a race has one winner). */
export async function markTotpStepUsed(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ usedStep: step })
    .where(and(eq(userTwoFactor.userId, userId), lt(userTwoFactor.usedStep, step)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Whether a role of the user (a column or value of the outer query) demands a second factor: part of a statement. */
export const twoFactorRequiredOf = (userId: AnyPgColumn | SQL | string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${userRoles} join ${roles} on ${qualified(roles.id)} = ${qualified(userRoles.roleId)}
    where ${qualified(userRoles.userId)} = ${userId} and ${qualified(roles.requireTwoFactor)})`;
/** Whether the user's second factor is on: part of a statement. */
export const twoFactorOnOf = (userId: AnyPgColumn | SQL | string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${userTwoFactor} where ${qualified(userTwoFactor.userId)} = ${userId} and ${qualified(userTwoFactor.enabledAt)} is not null)`;

/**
 * What the auth plugin keeps per session: whether the user's roles demand a second factor, and whether it is on.
 * One statement over indexed keys.
 */
export async function twoFactorState(db: DbOrTx, userId: string): Promise<{ required: boolean; enabled: boolean }> {
  const [row] = await db.select({ required: twoFactorRequiredOf(userId), enabled: twoFactorOnOf(userId) }).from(sql`(select 1) as one`);
  return { required: Boolean(row?.required), enabled: Boolean(row?.enabled) };
}

/**
 * Sets whether a role requires two-factor login; answers the previous value, undefined when there is no such role. The
 * role's version (`updated_at`) stays: the role form does not carry this flag, so its next save must not be a conflict.
 */
export async function setRoleRequiresTwoFactor(db: DbOrTx, roleId: string, required: boolean): Promise<boolean | undefined> {
  const [before] = await db.select({ value: roles.requireTwoFactor }).from(roles).where(eq(roles.id, roleId)).for('update');
  if (!before) return undefined;
  await db.update(roles).set({ requireTwoFactor: required }).where(eq(roles.id, roleId));
  return before.value;
}
