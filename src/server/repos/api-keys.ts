/**
 * API keys (issue #36). A token is `dk_` and 32 random bytes; only its SHA-256 is stored. A slow, salted hash (as for
 * passwords) guards guessable secrets; 256 random bits cannot be guessed, so a fast hash is as safe and lets a request
 * find its key by an index in one statement.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { apiKeys } from '../db/schema';
import { API_KEY_TOKEN_PREFIX, type ApiKeyRecord } from '../../shared/schemas/api-key';

const PREFIX_LENGTH = 8;

export const hashApiKeyToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token, the prefix shown to tell it apart, and the hash stored. */
export function newApiKeyToken() {
  const token = `${API_KEY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, prefix: token.slice(API_KEY_TOKEN_PREFIX.length, API_KEY_TOKEN_PREFIX.length + PREFIX_LENGTH), hash: hashApiKeyToken(token) };
}

const { hash: _hash, userId: _user, ...shown } = getTableColumns(apiKeys);

/** A user's keys, the newest first (revoked and expired ones too: the list says so). */
export function userApiKeys(db: DbOrTx, userId: string): Promise<ApiKeyRecord[]> {
  return db.select(shown).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function insertApiKey(
  tx: Tx,
  values: { userId: string; name: string; prefix: string; hash: string; permissions: string[]; expiresAt: Date },
): Promise<ApiKeyRecord> {
  const [row] = await tx.insert(apiKeys).values(values).returning(shown);
  return row;
}

/** Revokes one of `userId`'s live keys; undefined when there is none such. */
export async function revokeApiKey(tx: Tx, userId: string, id: string): Promise<ApiKeyRecord | undefined> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning(shown);
  return row;
}

/** The key a token names, whatever its state (the caller checks revocation and expiry). */
export async function apiKeyByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, name: apiKeys.name, permissions: apiKeys.permissions, expiresAt: apiKeys.expiresAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.hash, hashApiKeyToken(token)));
  return row;
}

/** Records a key's last use, at most once a minute (the statement itself only writes when it is a minute old). */
export const touchApiKey = (db: DbOrTx, id: string, ip: string) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(), lastUsedIp: ip.slice(0, 64) })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '60 seconds')`));
