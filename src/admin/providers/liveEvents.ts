/**
 * The panel's change stream (`GET /api/v1/events`, issue #25): a streaming `fetch` with the bearer header (not
 * `EventSource`, which cannot send it), SSE frames parsed here, reconnection with backoff (1 s doubling to 30 s, with
 * jitter) resuming from `Last-Event-ID`. An expired token is renewed as the http client does; an ended session stops it and is reported.
 */
import { API_BASE, SESSION_REVOKED, refreshSession } from './httpClient';
import { session } from './session';

export interface LiveChange {
  id: number;
  resource: string;
  ids: string[];
  action: string;
}
export type LiveStatus = 'connecting' | 'online' | 'offline' | 'stopped';
type ChangeListener = (change: LiveChange) => void;

const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** No frame (a heartbeat comes every 25 s) for this long: the connection is dead though not closed. */
const SILENCE_MS = 60_000;

export class LiveEvents {
  private listeners = new Set<ChangeListener>();
  private resetListeners = new Set<() => void>();
  private statusListeners = new Set<() => void>();
  private endedListeners = new Set<(status: number) => void>();
  private lastId: string | undefined;
  private controller: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  status: LiveStatus = 'connecting';

  /** The last event id heard: where a stream opened now resumes (`Last-Event-ID`). */
  get position(): number | undefined {
    return this.lastId === undefined ? undefined : Number(this.lastId);
  }

  /** Resumes from `id` (heard by another tab's stream) unless this stream has heard later ones. */
  resumeFrom(id: number | undefined) {
    if (id !== undefined && (this.lastId === undefined || Number(this.lastId) < id)) this.lastId = String(id);
  }

  start() {
    if (this.controller) return;
    void this.connect();
  }

  stop() {
    clearTimeout(this.timer);
    this.controller?.abort();
    this.controller = undefined;
    this.setStatus('stopped');
  }

  onChange(listener: ChangeListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  onReset(listener: () => void) {
    this.resetListeners.add(listener);
    return () => void this.resetListeners.delete(listener);
  }
  /** The session is over (ended elsewhere, logged out): the stream stops and the listener hears the status. */
  onSessionEnded(listener: (status: number) => void) {
    this.endedListeners.add(listener);
    return () => void this.endedListeners.delete(listener);
  }
  onStatus(listener: () => void) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private async connect(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    try {
      const open = () =>
        fetch(`${API_BASE}/events`, {
          headers: { authorization: `Bearer ${session.accessToken() ?? ''}`, accept: 'text/event-stream', ...(this.lastId ? { 'last-event-id': this.lastId } : {}) },
          signal: controller.signal,
          cache: 'no-store',
        });
      let res = await open();
      if (res.status === 406) {
        await refreshSession();
        res = await open();
      }
      if (res.status === 401 || res.status === SESSION_REVOKED || !session.hasToken()) {
        this.stop();
        for (const listener of this.endedListeners) listener(res.status === 401 ? 401 : SESSION_REVOKED);
        return;
      }
      if (!res.ok || !res.body) {
        // Read no further: the answer's body would hold the connection.
        void res.body?.cancel().catch(() => {});
        throw new Error(`events: ${res.status}`);
      }
      alive();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        alive();
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          this.frame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
      throw new Error('events: the stream ended');
    } catch {
      if (this.controller !== controller || this.status === 'stopped') return;
      this.setStatus('offline');
      const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempt++);
      this.timer = setTimeout(() => void this.connect(), wait / 2 + Math.random() * (wait / 2));
    } finally {
      clearTimeout(silence);
    }
  }

  private frame(block: string) {
    let event = 'message';
    let data = '';
    let id: string | undefined;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data += value;
      else if (field === 'id') id = value;
    }
    if (id !== undefined) this.lastId = id;
    if (event === 'ready') {
      this.attempt = 0;
      this.setStatus('online');
    } else if (event === 'reset') {
      for (const listener of this.resetListeners) listener();
    } else if (event === 'change' && data) {
      const change = { ...(JSON.parse(data) as Omit<LiveChange, 'id'>), id: Number(id) };
      for (const listener of this.listeners) listener(change);
    }
  }
}
