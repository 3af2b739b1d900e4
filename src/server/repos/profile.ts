/** A user's own profile row: the stored photo, name and e-mail, and the password hash. */
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { users } from '../db/schema';
import { bumpVersion } from '../query/versions';
import { qualified } from '../db/sql';
import { holdsAnyPermission } from './permissions';
import { twoFactorOnOf, twoFactorRequiredOf } from './two-factor';

export async function profileImage(db: DbOrTx, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  return row?.image;
}

/** Writes what is given (undefined: unchanged) and moves the user's version on. */
export async function updateProfile(tx: Tx, userId: string, values: { name?: string | null; email?: string | null; image?: string }): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
  await bumpVersion(tx, users, userId);
}

export async function credentialsOf(db: DbOrTx, userId: string): Promise<{ username: string | null; passwordHash: string | null } | undefined> {
  const [row] = await db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row;
}

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * The account a login names (undefined: no such user), in one statement: its hash, whether it holds any permission
 * (only such users may enter the panel), and its two-factor rule and state. Under a team's morning load each round
 * trip waited for a busy server; a login made four of these reads.
 */
export async function loginAccount(
  db: DbOrTx,
  username: string,
): Promise<{ id: string; passwordHash: string | null; admin: boolean; twoFactorRequired: boolean; twoFactorOn: boolean } | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      admin: holdsAnyPermission(qualified(users.id)),
      twoFactorRequired: twoFactorRequiredOf(qualified(users.id)),
      twoFactorOn: twoFactorOnOf(qualified(users.id)),
    })
    .from(users)
    .where(eq(users.username, username));
  return row && { ...row, admin: Boolean(row.admin), twoFactorRequired: Boolean(row.twoFactorRequired), twoFactorOn: Boolean(row.twoFactorOn) };
}
