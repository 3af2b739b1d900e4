import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpCode } from './totp';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890"; 8-digit codes, we keep the last 6.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors (last six digits)', () => {
    expect(totpCode(rfcSecret, 59_000)).toBe('287082');
    expect(totpCode(rfcSecret, 1111111109_000)).toBe('081804');
    expect(totpCode(rfcSecret, 1234567890_000)).toBe('005924');
    expect(totpCode(rfcSecret, 20000000000_000)).toBe('353130');
  });

  it('matches RFC 4226 HOTP vectors', () => {
    const secret = Buffer.from('12345678901234567890');
    expect(['755224', '287082', '359152'].map((_, i) => hotp(secret, i))).toEqual(['755224', '287082', '359152']);
  });

  it('base32 round-trips and forgives spaces and lower case', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    const text = base32Encode(bytes);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(bytes);
    expect(base32Decode('AB1')).toBeUndefined();
  });

  it('accepts ±1 step, refuses 2 steps off and a used step', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now), -1, now)).toBe(step);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now - 30_000), -1, now)).toBe(step - 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now + 30_000), -1, now)).toBe(step + 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now - 60_000), -1, now)).toBeUndefined();
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now), step, now)).toBeUndefined();
    expect(matchTotp(rfcSecret, 'abcdef', -1, now)).toBeUndefined();
  });

  it('writes the otpauth URL', () => {
    expect(otpauthUrl('Dacha Admin', 'ali', 'ABC')).toBe('otpauth://totp/Dacha%20Admin:ali?secret=ABC&issuer=Dacha+Admin&algorithm=SHA1&digits=6&period=30');
  });
});
