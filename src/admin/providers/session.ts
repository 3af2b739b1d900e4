import { DEFAULT_LANGUAGE } from '../../shared/enums';
import type { TokenPairRecord } from '../../shared/records/user';

/** Where the session and the interface language live in the browser (the original panel's keys, kept for users). */
const ACCESS_TOKEN_KEY = 'accessToken';
const REFRESH_TOKEN_KEY = 'refreshToken';
const LANGUAGE_KEY = 'language';

/** The session's two tokens, as the login and refresh calls answer them. */
type TokenPair = TokenPairRecord;

export const session = {
  accessToken: (): string | null => localStorage.getItem(ACCESS_TOKEN_KEY),
  refreshToken: (): string | null => localStorage.getItem(REFRESH_TOKEN_KEY),
  hasToken: (): boolean => Boolean(localStorage.getItem(ACCESS_TOKEN_KEY)),
  store(tokens: TokenPair): void {
    localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
    localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  },
  /** Forgets the session. The language is a preference of the device, not of the session, so it stays. */
  clear(): void {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  },
  language: (): string => localStorage.getItem(LANGUAGE_KEY) || DEFAULT_LANGUAGE,
  setLanguage(code: string): void {
    localStorage.setItem(LANGUAGE_KEY, code);
  },
};

export function isTokenPair(value: unknown): value is TokenPair {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.accessToken === 'string' && typeof v.refreshToken === 'string';
}
