/** A user's own profile row: the stored photo, name and e-mail, and the password hash. */
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { users } from '../db/schema';
import { bumpVersion } from '../query/versions';

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

/** The account a login names, with its hash (undefined: no such user). */
export async function loginAccount(db: DbOrTx, username: string): Promise<{ id: string; passwordHash: string | null } | undefined> {
  const [row] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.username, username));
  return row;
}
