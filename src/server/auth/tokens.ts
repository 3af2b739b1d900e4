/**
 * HS256 access and refresh tokens. Access tokens name the session; refresh tokens name the session and its rotation.
 * Both carry `iss` and `aud` and are refused without them (a token another service signed with a shared secret, or one
 * minted before they were added, does not pass).
 */
import { SignJWT, jwtVerify, errors } from 'jose';

/** Who signs: this server. */
const ISSUER = 'dacha-admin';
/** Who reads: its API (both kinds; `typ` and the separate keys tell access from refresh). */
const AUDIENCE = 'dacha-admin-api';

interface AccessClaims {
  sub: string;
  sid: string;
}
interface RefreshClaims {
  sub: string;
  sid: string;
  rid: string;
}

type VerifyResult<T> = { ok: true; claims: T } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * An HMAC key imported into WebCrypto once: jose imports a raw `Uint8Array` key again on every sign and verify, which
 * was 4–5 % of the server's time under a list load (every request verifies its access token).
 */
const hmacKey = (secret: string): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/** How many verified access tokens are kept; past it the memory starts again (a token costs one verification more). */
const VERIFIED_ACCESS_MAX = 10_000;

export class TokenService {
  private readonly accessKey: Promise<CryptoKey>;
  private readonly refreshKey: Promise<CryptoKey>;

  constructor(
    accessSecret: string,
    refreshSecret: string,
    private readonly accessTtl: number,
    private readonly refreshTtl: number,
    /** A session's absolute lifetime from its login (SESSION_MAX_AGE): refreshes never carry it further. */
    readonly sessionMaxAgeSeconds = 30 * 86400,
  ) {
    this.accessKey = hmacKey(accessSecret);
    this.refreshKey = hmacKey(refreshSecret);
  }

  get refreshTtlSeconds() {
    return this.refreshTtl;
  }

  async signAccess(c: AccessClaims): Promise<string> {
    return new SignJWT({ sid: c.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtl}s`)
      .sign(await this.accessKey);
  }

  async signRefresh(c: RefreshClaims): Promise<string> {
    return new SignJWT({ sid: c.sid, rid: c.rid, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.refreshTtl}s`)
      .sign(await this.refreshKey);
  }

  /**
   * Access tokens already verified, with their expiry: a client sends the same token with every call until it expires,
   * and checking its HMAC again was ~7 % of the server's time under a list load. A token is the same bytes signed by
   * the same key, so its claims cannot differ; only the expiry is checked again (as jose does: expired once the
   * current second reaches `exp`). Whether the session still holds is asked on every request, as before.
   */
  private readonly verifiedAccess = new Map<string, { claims: AccessClaims; exp: number }>();

  async verifyAccess(token: string): Promise<VerifyResult<AccessClaims>> {
    const known = this.verifiedAccess.get(token);
    if (known) {
      if (Math.floor(Date.now() / 1000) < known.exp) return { ok: true, claims: known.claims };
      this.verifiedAccess.delete(token);
      return { ok: false, reason: 'expired' };
    }
    let exp: unknown;
    const result = await verify(token, this.accessKey, 'access', (p) => {
      exp = p.exp;
      return typeof p.sid === 'string' ? { sub: p.sub!, sid: p.sid } : undefined;
    });
    if (result.ok && typeof exp === 'number') {
      if (this.verifiedAccess.size >= VERIFIED_ACCESS_MAX) this.verifiedAccess.clear();
      this.verifiedAccess.set(token, { claims: result.claims, exp });
    }
    return result;
  }

  verifyRefresh(token: string): Promise<VerifyResult<RefreshClaims>> {
    return verify(token, this.refreshKey, 'refresh', (p) =>
      typeof p.sid === 'string' && typeof p.rid === 'string' ? { sub: p.sub!, sid: p.sid, rid: p.rid } : undefined,
    );
  }
}

async function verify<T>(
  token: string,
  key: Promise<CryptoKey>,
  typ: string,
  pick: (payload: Record<string, unknown> & { sub?: string }) => T | undefined,
): Promise<VerifyResult<T>> {
  try {
    // A token without `exp` would never expire: refused even when its signature is right.
    const { payload } = await jwtVerify(token, await key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'iss', 'aud'],
    });
    const claims = payload.typ === typ && payload.sub ? pick(payload) : undefined;
    return claims ? { ok: true, claims } : { ok: false, reason: 'invalid' };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
