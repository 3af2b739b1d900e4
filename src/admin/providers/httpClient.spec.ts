// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from './httpClient';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function serve(handler: Handler) {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, headers: new Headers(init.headers) });
      return handler(url, init);
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('accessToken', 'AT1');
  localStorage.setItem('refreshToken', 'RT1');
});
afterEach(() => vi.unstubAllGlobals());

describe('httpClient', () => {
  it('sends the bearer token and the chosen language, defaulting to uz', async () => {
    const calls = serve(() => json(200, []));
    await httpClient('region');
    expect(calls[0].url).toBe('/api/v1/region');
    expect(calls[0].headers.get('authorization')).toBe('Bearer AT1');
    expect(calls[0].headers.get('accept-language')).toBe('uz');
    localStorage.setItem('language', 'ru');
    await httpClient('/region');
    expect(calls[1].headers.get('accept-language')).toBe('ru');
  });

  it('sends no authorization header at all without a token', async () => {
    localStorage.clear();
    const calls = serve(() => json(200, {}));
    await httpClient('auth/login/admin', { method: 'POST', body: '{}' });
    expect(calls[0].headers.has('authorization')).toBe(false);
  });

  it('renews an expired token once for parallel calls, then repeats each call', async () => {
    let refreshes = 0;
    const calls = serve(async (url, init) => {
      if (url.endsWith('auth/refresh')) {
        refreshes += 1;
        expect(new Headers(init.headers).get('refreshToken')).toBe('RT1');
        await new Promise((r) => setTimeout(r, 20));
        return json(201, { accessToken: 'AT2', refreshToken: 'RT2' });
      }
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer AT2' ? json(200, { url }) : json(406, { statusCode: 406, message: 'expired' });
    });
    const results = await Promise.all([httpClient('a'), httpClient('b'), httpClient('c')]);
    expect(refreshes).toBe(1);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(localStorage.getItem('refreshToken')).toBe('RT2');
    expect(calls.filter((c) => c.url.endsWith('auth/refresh'))).toHaveLength(1);
  });

  it('ends the session when the refresh fails', async () => {
    serve((url) => (url.endsWith('auth/refresh') ? json(455, { message: 'revoked' }) : json(406, {})));
    await expect(httpClient('a')).rejects.toMatchObject({ status: 455 });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('ends the session on 455 and keeps the language', async () => {
    localStorage.setItem('language', 'en');
    serve(() => json(455, { statusCode: 455, error: 'Session revoked', message: 'Session ended' }));
    await expect(httpClient('a')).rejects.toMatchObject({ status: 455, message: 'Session ended' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('language')).toBe('en');
  });

  it("carries the server's message and field errors", async () => {
    serve(() => json(400, { statusCode: 400, error: 'Bad Request', message: 'Name is taken', fields: { name: 'taken' } }));
    await expect(httpClient('a')).rejects.toMatchObject({
      status: 400,
      message: 'Name is taken',
      body: { errors: { name: 'taken' } },
    });
  });
});
