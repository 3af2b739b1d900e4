import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import { PATHS } from '../../shared/paths';
import { createApiExtras, type Me } from './apiExtras';
import { httpClient, SESSION_REVOKED } from './httpClient';
import { canAccessWith } from './canAccess';
import { imageUrl } from './imageUrl';
import { isTokenPair, session } from './session';

const extras = createApiExtras(httpClient);

/** The screen a user whose role requires two-factor login sees until it is on. */
export const TWO_FACTOR_SETUP_PATH = '/two-factor';

/** The login needs the second factor: the message says whether it was missing or wrong. */
export class TwoFactorRequired extends Error {}

let meRequest: Promise<Me> | null = null;

export function loadMe(): Promise<Me> {
  meRequest ??= extras
    .me()
    .catch((error: unknown) => {
      meRequest = null;
      throw error;
    });
  return meRequest;
}

/** Forgets the cached `user/me`, after the user changed their own profile. */
export function forgetMe() {
  meRequest = null;
}

export const authProvider: AuthProvider = {
  /**
   * The code is sent only once the server asked for it (a user with two-factor on): a `TwoFactorRequired` error says
   * so. Answers whether the user's role requires two-factor setup before anything else.
   */
  async login({ username, password, code }: { username: string; password: string; code?: string }) {
    meRequest = null;
    let res;
    try {
      res = await httpClient<{ twoFactorSetupRequired?: boolean }>(PATHS.login, {
        method: 'POST',
        body: JSON.stringify({ username, password, userAgent: navigator.userAgent, ...(code ? { code } : {}) }),
      });
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { twoFactorRequired?: boolean; twoFactorLocked?: boolean } | undefined) : undefined;
      if (body?.twoFactorRequired) {
        // Past too many wrong codes the app's codes are refused: the message says a recovery code still works.
        throw new TwoFactorRequired(body.twoFactorLocked ? 'app.login.code_locked' : code ? 'app.login.code_wrong' : 'app.login.code_required');
      }
      throw error;
    }
    if (!isTokenPair(res.json)) throw new Error('app.login.failure');
    session.store(res.json);
    return { twoFactorSetupRequired: res.json.twoFactorSetupRequired === true };
  },
  async logout() {
    meRequest = null;
    if (session.hasToken()) await httpClient(PATHS.logout, { method: 'DELETE' }).catch(() => undefined);
    session.clear();
    return '/';
  },
  async checkAuth() {
    if (!session.hasToken()) throw { redirectTo: '/', message: false };
  },
  async checkError(error: { status?: number; body?: { twoFactorSetupRequired?: boolean } }) {
    // The user's role requires two-factor login and it is not on yet: only the setup screen can help.
    if (error?.status === 403 && error.body?.twoFactorSetupRequired) {
      window.location.replace(TWO_FACTOR_SETUP_PATH);
      return;
    }
    // 403 means "not allowed", which the screen shows; only a lost session logs out.
    if (error?.status === 401 || error?.status === SESSION_REVOKED) {
      session.clear();
      throw { redirectTo: '/', message: false };
    }
  },
  async getIdentity(): Promise<UserIdentity> {
    const me = await loadMe();
    return { id: me.id, fullName: me.name || me.username || undefined, avatar: imageUrl(me.image) };
  },
  getPermissions: async () => (await loadMe()).permissions ?? [],
  async canAccess({ resource, action }) {
    if (!session.hasToken()) return false;
    return canAccessWith((await loadMe()).permissions ?? [], resource, action);
  },
};
