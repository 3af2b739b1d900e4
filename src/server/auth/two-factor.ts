/**
 * The second factor's cryptography: its secret sealed at rest, and recovery codes. The check a login or a disable
 * runs over the stored rows is repos/second-factor.ts.
 *
 * - The secret is AES-256-GCM ciphertext under a key HKDF-derived from `JWT_SECRET` (the server's own secret, kept in
 *   the data folder or the environment), with the user id as additional data: a row copied to another user does not
 *   open. Stored as `v1.` + base64url(iv ‖ tag ‖ ciphertext).
 * - Recovery codes: 16 base32 characters (80 random bits), shown once, stored as SHA-256. A slow hash would only
 *   matter for guessable secrets; 2^80 codes cannot be searched from a stolen table, and SHA-256 lets the lookup be
 *   one indexed comparison.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { base32Encode } from './totp';

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
export const normalRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalRecoveryCode(code)).digest('hex');

/** Ten new codes as shown: `ABCD-EFGH-IJKL-MNOP`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => base32Encode(randomBytes(10)).replace(/(.{4})(?=.)/g, '$1-'));
}
