import type { AuthProvider, UserIdentity } from 'react-admin';
import { createApiExtras, type Me } from './apiExtras';
import { httpClient, SESSION_REVOKED } from './httpClient';
import { canAccessWith } from './canAccess';
import { imageUrl } from './imageUrl';
import { isTokenPair, session } from './session';

const extras = createApiExtras(httpClient);

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
  async login({ username, password }: { username: string; password: string }) {
    meRequest = null;
    const res = await httpClient('auth/login/admin', {
      method: 'POST',
      body: JSON.stringify({ username, password, userAgent: navigator.userAgent }),
    });
    if (!isTokenPair(res.json)) throw new Error('app.login.failure');
    session.store(res.json);
  },
  async logout() {
    meRequest = null;
    if (session.hasToken()) await httpClient('auth/logout', { method: 'DELETE' }).catch(() => undefined);
    session.clear();
    return '/';
  },
  async checkAuth() {
    if (!session.hasToken()) throw { redirectTo: '/', message: false };
  },
  async checkError(error: { status?: number }) {
    // 403 means "not allowed", which the screen shows; only a lost session logs out.
    if (error?.status === 401 || error?.status === SESSION_REVOKED) {
      session.clear();
      throw { redirectTo: '/', message: false };
    }
  },
  async getIdentity(): Promise<UserIdentity> {
    const me = await loadMe();
    return { id: me.id, fullName: me.name || me.username, avatar: imageUrl(me.image) };
  },
  getPermissions: async () => (await loadMe()).permissions ?? [],
  async canAccess({ resource, action }) {
    if (!session.hasToken()) return false;
    return canAccessWith((await loadMe()).permissions ?? [], resource, action);
  },
};
