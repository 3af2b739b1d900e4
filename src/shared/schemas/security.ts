/** Two-factor login and sessions: the bodies and answers the server checks and the panel reads. */
import { z } from 'zod';

const code = z.string({ message: 'Enter the code' }).trim().min(1, 'Enter the code').max(64);
/** The current password, asked again by every strong action whatever the session's age. */
const password = z.string({ message: 'Password is required' }).min(1, 'Password is required').max(256);

export const twoFactorEnableSchema = z.object({ password, code });
export const twoFactorDisableSchema = z.object({ password, code });
export const recoveryCodesSchema = z.object({ password });

export const twoFactorSetupAnswer = z.object({
  /** Base32, for typing into an authenticator by hand; shown this once. */
  secret: z.string(),
  otpauthUrl: z.string(),
});
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) });

export const sessionRecord = z.object({
  id: z.string(),
  /** "Chrome on Windows"; `browser` and `os` are its parts when known. */
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.date(),
  lastUsedAt: z.date(),
  /** The session the request came with. */
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecord>;

export const securityAnswer = z.object({
  twoFactorEnabled: z.boolean(),
  /** A role of the user requires two-factor login. */
  twoFactorRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The login before this session's, if any. */
  lastLogin: z
    .object({ at: z.date(), device: z.string(), browser: z.string().nullable(), os: z.string().nullable(), address: z.string().nullable() })
    .nullable(),
  /**
   * The account's latest second-factor lock of the last 30 days: past 20 wrong codes in 24 hours the authenticator's
   * codes are refused until a recovery code or an admin's reset lifts it, or 24 hours pass (`until`). `active` while
   * it refuses; `liftedBy` `recovery` or `reset` once lifted.
   */
  secondFactorLock: z
    .object({
      lockedAt: z.date(),
      until: z.date(),
      failures: z.number().int(),
      addresses: z.array(z.string()),
      active: z.boolean(),
      liftedAt: z.date().nullable(),
      liftedBy: z.enum(['recovery', 'reset']).nullable(),
    })
    .nullable(),
});
export type SecurityAnswer = z.infer<typeof securityAnswer>;
