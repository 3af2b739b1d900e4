/** Talks to the API directly, as the first admin, to arrange data for a spec and to check its effect. */
import { ADMIN } from './server';

export interface Api {
  token: string;
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body: unknown): Promise<T>;
  delete(path: string, token?: string): Promise<number>;
  /** Deletes every record of a list, so a spec can start from the empty state. */
  clear(listPath: string, deletePath: (id: string) => string): Promise<void>;
  /** A translation with one text per language; returns its id. */
  translation(code: string, definition: Record<string, string>): Promise<string>;
}

export async function apiAs(baseUrl: string, username = ADMIN.username, password = ADMIN.password): Promise<Api> {
  const url = (p: string) => `${baseUrl}/api/v1/${p.replace(/^\//, '')}`;
  const login = await fetch(url('auth/login/admin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, userAgent: 'e2e-harness' }),
  });
  if (!login.ok) throw new Error(`API login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = (token = accessToken) => ({ authorization: `Bearer ${token}` });
  const json = { 'content-type': 'application/json' };
  const parse = async <T>(res: Response, what: string): Promise<T> => {
    if (!res.ok) throw new Error(`${what} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const api: Api = {
    token: accessToken,
    get: async (p) => parse(await fetch(url(p), { headers: headers() }), `GET ${p}`),
    post: async (p, body) =>
      parse(await fetch(url(p), { method: 'POST', headers: { ...headers(), ...json }, body: JSON.stringify(body) }), `POST ${p}`),
    delete: async (p, token) => (await fetch(url(p), { method: 'DELETE', headers: headers(token) })).status,
    async clear(listPath, deletePath) {
      for (const { id } of await api.get<{ id: string }[]>(listPath)) await api.delete(deletePath(id));
    },
    async translation(code, definition) {
      const created = await api.post<{ id: string }>('translate', { code, type: 'content', definition });
      return created.id;
    },
  };
  return api;
}
