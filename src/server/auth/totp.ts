/**
 * TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30 s steps — what every authenticator app reads from an `otpauth://` URL) and
 * the base32 of RFC 4648 its secrets are written in. node:crypto only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TOTP_STEP_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone's clock a little off, a code typed as it turned. */
const TOTP_WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Spaces, dashes, lower case and padding are forgiven (people copy secrets by hand); another character is undefined. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return undefined;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), as base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

function totpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one step (RFC 4226's HOTP with the step as its counter). */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return String(binary).padStart(TOTP_DIGITS, '0');
}

export function totpCode(secretBase32: string, now = Date.now()): string {
  return hotp(base32Decode(secretBase32) ?? Buffer.alloc(0), totpStep(now));
}

/**
 * The step a code belongs to, within ±`TOTP_WINDOW` steps of now, or undefined. A step at or before `usedStep` (the
 * last one this secret logged in with) is refused: a code seen over a shoulder cannot be used again.
 */
export function matchTotp(secretBase32: string, code: string, usedStep = -1, now = Date.now()): number | undefined {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return undefined;
  const secret = base32Decode(secretBase32);
  if (!secret?.length) return undefined;
  const current = totpStep(now);
  let found: number | undefined;
  // Every step of the window is computed, whichever matches, so the time taken says nothing.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(typed));
    if (same && step > usedStep && found === undefined) found = step;
  }
  return found;
}

/** The URL an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUrl(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
