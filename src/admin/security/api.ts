/** The panel's calls for two-factor login and sessions (server: routes/two-factor.ts, routes/sessions.ts). */
import { httpClient } from '../providers/httpClient';
// Types only: the schemas' zod stays out of the panel's bundle.
import type { SecurityAnswer, SessionRecord } from '../../shared/schemas/security';

/** Dates arrive as ISO strings. */
export type Session = Omit<SessionRecord, 'createdAt' | 'lastUsedAt'> & { createdAt: string; lastUsedAt: string };
type Lock = NonNullable<SecurityAnswer['secondFactorLock']>;
export type SecondFactorLock = Omit<Lock, 'lockedAt' | 'until' | 'liftedAt'> & { lockedAt: string; until: string; liftedAt: string | null };
type Security = Omit<SecurityAnswer, 'lastLogin' | 'secondFactorLock'> & {
  lastLogin: { at: string; device: string; browser: string | null; os: string | null; address: string | null } | null;
  secondFactorLock: SecondFactorLock | null;
};

const post = (body?: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body ?? {}) });
const del: RequestInit = { method: 'DELETE' };

export const securityApi = {
  security: async () => (await httpClient<Security>('auth/security')).json,
  setup: async () => (await httpClient<{ secret: string; otpauthUrl: string }>('auth/2fa/setup', post())).json,
  enable: async (password: string, code: string) =>
    (await httpClient<{ recoveryCodes: string[] }>('auth/2fa/enable', post({ password, code }))).json.recoveryCodes,
  newRecoveryCodes: async (password: string) =>
    (await httpClient<{ recoveryCodes: string[] }>('auth/2fa/recovery-codes', post({ password }))).json.recoveryCodes,
  disable: async (password: string, code: string) => void (await httpClient('auth/2fa/disable', post({ password, code }))),
  sessions: async () => (await httpClient<Session[]>('auth/sessions')).json,
  endSession: async (id: string) => void (await httpClient(`auth/sessions/${encodeURIComponent(id)}`, del)),
  endOtherSessions: async () => (await httpClient<{ ended: number }>('auth/sessions', del)).json.ended,
  userSessions: async (userId: string) => (await httpClient<Session[]>(`user/${encodeURIComponent(userId)}/sessions`)).json,
  endUserSession: async (userId: string, id: string) =>
    void (await httpClient(`user/${encodeURIComponent(userId)}/sessions/${encodeURIComponent(id)}`, del)),
  endUserSessions: async (userId: string) => (await httpClient<{ ended: number }>(`user/${encodeURIComponent(userId)}/sessions`, del)).json.ended,
  resetTwoFactor: async (userId: string) => void (await httpClient(`user/${encodeURIComponent(userId)}/2fa/reset`, post())),
  setRoleTwoFactor: async (roleId: string, requireTwoFactor: boolean) =>
    void (await httpClient(`role/${encodeURIComponent(roleId)}/two-factor`, { method: 'PUT', body: JSON.stringify({ requireTwoFactor }) })),
};

/** "Chrome on Windows" in the interface's language; the server's English label when it knows neither part. */
export function deviceLabel(translate: (key: string, options?: Record<string, unknown>) => string, d: { browser: string | null; os: string | null; device: string }) {
  if (d.browser && d.os) return translate('app.security.device', { browser: d.browser, os: d.os });
  return d.browser ?? d.os ?? translate('app.security.unknown_device');
}
