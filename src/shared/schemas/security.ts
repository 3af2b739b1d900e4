/** Two-factor login and sessions: the bodies and answers the server checks and the panel reads. */
import { z } from 'zod';

const code = z.string({ message: 'Enter the code' }).trim().min(1, 'Enter the code').max(64);

export const twoFactorEnableSchema = z.object({ code });
export const twoFactorDisableSchema = z.object({
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(256),
  code,
});

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
});
export type SecurityAnswer = z.infer<typeof securityAnswer>;
