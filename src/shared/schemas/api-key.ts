/**
 * API keys (issue #36): a user's own keys, each with a name, an expiry (at most a year ahead) and a subset of his
 * permissions. The token is answered once, by the create call; the list shows its prefix, never the token or its hash.
 */
import { z } from 'zod';

/** The longest life a key may be given. */
export const API_KEY_MAX_DAYS = 366;
/** Every token starts so: the server tells a key from a login's token by it. */
export const API_KEY_TOKEN_PREFIX = 'dk_';

export const apiKeyCreateSchema = z
  .object({
    name: z.string({ message: 'The name is required' }).trim().min(1, 'The name is required').max(100, 'The name is at most 100 characters'),
    expiresAt: z.coerce.date({ message: 'The expiry is a date' }),
    permissions: z.array(z.string().min(1).max(100)).min(1, 'Choose at least one permission').max(500),
  })
  .strict();
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeyRecord = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters after `dk_`. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  expiresAt: z.date(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.date().nullable(),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecord>;

/** The create call's answer: the key and, this once, its token. */
export const apiKeyCreated = apiKeyRecord.extend({ token: z.string() });
