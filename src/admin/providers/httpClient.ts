import { HttpError } from 'react-admin';
import { PATHS } from '../../shared/paths';
import { isTokenPair, session } from './session';

export const API_BASE = '/api/v1';
const TIMEOUT_MS = 10_000;
const UPLOAD_TIMEOUT_MS = 60_000;

/** The server's answer to an expired access token, and to a session it has revoked. */
const ACCESS_EXPIRED = 406;
export const SESSION_REVOKED = 455;

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

/** What the API modules take to call the server: `httpClient` itself, or a test's stand-in. */
export type Http = <T = unknown>(path: string, init?: RequestInit) => Promise<ApiResponse<T>>;

function apiUrl(path: string): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

let refreshing: Promise<void> | null = null;

async function doRefresh(): Promise<void> {
  const refreshToken = session.refreshToken();
  if (!refreshToken) throw new HttpError('ra.notification.logged_out', SESSION_REVOKED);
  const res = await fetch(apiUrl(PATHS.refresh), {
    method: 'POST',
    headers: { 'content-type': 'application/json', refreshToken, 'accept-language': session.language() },
    body: JSON.stringify({ userAgent: navigator.userAgent }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || !isTokenPair(body)) throw new HttpError('ra.notification.logged_out', SESSION_REVOKED);
  session.store(body);
}

/**
 * Renews the token pair. Refresh tokens rotate, so two refreshes racing would revoke the session: every caller that
 * meets an expired token while one refresh is in flight waits for that same refresh.
 */
export function refreshSession(): Promise<void> {
  refreshing ??= doRefresh()
    .catch((error: unknown) => {
      session.clear();
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function buildHeaders(init: RequestInit, token: string | null): Headers {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  headers.set('accept-language', session.language());
  if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  return headers;
}

async function toHttpError(res: Response): Promise<HttpError> {
  const body: unknown = await res.json().catch(() => null);
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message = typeof b.message === 'string' && b.message ? b.message : res.statusText || 'app.error.generic';
  // react-admin shows `errors` next to the matching form inputs.
  return new HttpError(message, res.status, { ...b, errors: b.fields });
}

/**
 * Sends a request with the session's token and language; renews an expired token once and repeats the call. Answers
 * the raw response, whatever its type, and throws the server's error for any status that is not ok.
 */
export async function authorizedFetch(path: string, init: RequestInit = {}, timeoutMs?: number): Promise<Response> {
  const timeout = timeoutMs ?? (init.body instanceof FormData ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS);
  const send = (token: string | null) =>
    fetch(apiUrl(path), { ...init, headers: buildHeaders(init, token), signal: AbortSignal.timeout(timeout) }).catch((error: unknown) => {
      throw new HttpError('app.error.network', 0, { cause: String(error) });
    });

  const token = session.accessToken();
  let res = await send(token);
  if (res.status === ACCESS_EXPIRED && token) {
    // Another call may already have renewed the pair while this one was in flight.
    if (session.accessToken() === token) await refreshSession();
    res = await send(session.accessToken());
  }
  if (res.status === SESSION_REVOKED) session.clear();
  if (!res.ok) throw await toHttpError(res);
  return res;
}

/** Calls the API (see `authorizedFetch`) and reads its JSON answer. */
export async function httpClient<T = unknown>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const res = await authorizedFetch(path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : null) as T };
}
