/**
 * One change stream per browser, not per tab (issue #34): a browser allows 6 HTTP/1.1 connections per host, and a
 * stream per tab took one each, so the 6th tab starved and the 7th never loaded.
 *
 * The tabs of one session (the access token's user and session, so tabs of different users never hear each other)
 * elect a leader with the Web Locks API: the visible tabs queue for the session's lock, and the one holding it opens
 * the stream (providers/liveEvents.ts: its token, its 406 refresh, its backoff) and relays every frame to the others
 * over a BroadcastChannel of the same name: changes, resets, the stream's state and an ended session. Each tab keeps
 * the newest event id it heard, so a tab taking over resumes from there (`Last-Event-ID`) and nothing is lost; a
 * change heard twice (two streams overlap for a moment at a handover) is passed on once.
 *
 * A hidden page gives the lock up after a few seconds (another visible tab takes it; with none, no stream is held
 * until one shows again, which then resumes); a page going into the back/forward cache or frozen gives it up at once
 * and leaves the channel, and on coming back it refetches what it shows. Without Web Locks or BroadcastChannel each
 * tab holds its own stream, as before.
 */
import { SESSION_REVOKED } from './httpClient';
import { LiveEvents, type LiveChange, type LiveStatus } from './liveEvents';
import { session } from './session';

type Message =
  | { type: 'change'; change: LiveChange }
  | { type: 'reset'; id?: number }
  | { type: 'status'; status: LiveStatus; id?: number }
  | { type: 'ended'; status: number }
  /** A tab joined: the leader answers with its status. */
  | { type: 'hello' };

/** A hidden leader keeps the stream this long (a quick look at another tab costs no reconnect). */
const HIDDEN_GRACE_MS = 3_000;
const NAME_PREFIX = 'dacha-live';

/** The session the stored access token belongs to (`<user>.<session>`), or undefined without a token. */
export function sessionKey(token: string | null): string | undefined {
  if (!token) return undefined;
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; sid?: unknown };
    return `${String(payload.sub)}.${String(payload.sid)}`;
  } catch {
    return 'unknown';
  }
}

interface Env {
  locks: LockManager | undefined;
  Channel: typeof BroadcastChannel | undefined;
}

const browserEnv = (): Env => ({
  locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
  Channel: typeof BroadcastChannel !== 'undefined' ? BroadcastChannel : undefined,
});

export class SharedLiveEvents {
  private listeners = new Set<(change: LiveChange) => void>();
  private resetListeners = new Set<() => void>();
  private statusListeners = new Set<() => void>();
  private endedListeners = new Set<(status: number) => void>();
  status: LiveStatus = 'connecting';

  /** The session this tab joined, its channel, and the lock request (aborted to leave the queue or resign). */
  private key: string | undefined;
  private channel: BroadcastChannel | undefined;
  private request: AbortController | undefined;
  /** While leading: the stream, and what ends the lock's hold. */
  private stream: LiveEvents | undefined;
  private resign: (() => void) | undefined;
  /** The newest event id heard, by this tab's stream or through the channel. */
  private heard: number | undefined;
  private running = false;
  private suspended = false;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly off: (() => void)[] = [];

  constructor(private readonly env: Env = browserEnv()) {}

  /** Whether this tab holds the stream (for tests and the decision's record). */
  get leading(): boolean {
    return this.stream !== undefined;
  }

  start() {
    if (this.running) return;
    this.running = true;
    if (!this.env.locks || !this.env.Channel) {
      // No way to share: a stream of the tab's own, as before.
      this.lead();
      return;
    }
    const on = <K extends string>(target: EventTarget, type: K, handler: (event: Event) => void) => {
      target.addEventListener(type, handler);
      this.off.push(() => target.removeEventListener(type, handler));
    };
    on(window, 'storage', (event) => {
      if ((event as StorageEvent).key === null || (event as StorageEvent).key === 'accessToken') this.rekey();
    });
    on(window, 'pagehide', () => this.suspend());
    on(window, 'pageshow', (event) => {
      if ((event as PageTransitionEvent).persisted) this.wake();
    });
    on(document, 'freeze', () => this.suspend());
    on(document, 'resume', () => this.wake());
    on(document, 'visibilitychange', () => this.visibility());
    this.join();
  }

  stop() {
    if (!this.running) return;
    this.running = false;
    for (const off of this.off.splice(0)) off();
    this.leave();
    this.setStatus('stopped');
  }

  onChange(listener: (change: LiveChange) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  onReset(listener: () => void) {
    this.resetListeners.add(listener);
    return () => void this.resetListeners.delete(listener);
  }
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

  private hear(id: number | undefined) {
    if (id !== undefined && Number.isFinite(id) && (this.heard === undefined || id > this.heard)) this.heard = id;
  }

  /** A message from this tab's stream or the leader's: passed to this tab's listeners (a change heard before: not). */
  private receive(message: Message) {
    switch (message.type) {
      case 'change':
        if (this.heard !== undefined && message.change.id <= this.heard) return;
        this.hear(message.change.id);
        for (const listener of this.listeners) listener(message.change);
        return;
      case 'reset':
        this.hear(message.id);
        for (const listener of this.resetListeners) listener();
        return;
      case 'status':
        this.hear(message.id);
        if (!this.stream) this.setStatus(message.status);
        return;
      case 'ended':
        this.leave();
        this.setStatus('stopped');
        for (const listener of this.endedListeners) listener(message.status);
        return;
      case 'hello':
        if (this.stream) this.post({ type: 'status', status: this.stream.status, id: this.stream.position });
    }
  }

  private post(message: Message) {
    this.channel?.postMessage(message);
  }

  /** Passes what this tab's stream heard to this tab and to the others. */
  private relay(message: Message) {
    this.post(message);
    this.receive(message);
  }

  /** Joins the stored session's channel and, while visible, the queue for its stream. */
  private join() {
    const key = sessionKey(session.accessToken());
    this.key = key;
    if (!key || this.suspended) return;
    const { Channel } = this.env;
    this.channel = new Channel!(`${NAME_PREFIX}:${key}`);
    this.channel.onmessage = (event: MessageEvent<Message>) => this.receive(event.data);
    this.post({ type: 'hello' });
    if (document.visibilityState !== 'hidden') this.queue();
  }

  /** Resigns, leaves the queue and the channel. */
  private leave() {
    clearTimeout(this.hiddenTimer);
    this.dequeue();
    this.channel?.close();
    this.channel = undefined;
  }

  /** The stored token changed in another tab: the same session stays; another one (or none) is another channel. */
  private rekey() {
    const key = sessionKey(session.accessToken());
    if (key === this.key) return;
    this.leave();
    if (!key) {
      // Logged out elsewhere: this tab's session is over, as its stream would have found.
      this.running = false;
      for (const off of this.off.splice(0)) off();
      this.setStatus('stopped');
      for (const listener of this.endedListeners) listener(SESSION_REVOKED);
      return;
    }
    // Another session's changes are not this one's: whatever is shown is refetched with the new token.
    this.heard = undefined;
    for (const listener of this.resetListeners) listener();
    this.join();
  }

  private queue() {
    if (this.request || !this.key || !this.env.locks) return;
    const request = new AbortController();
    this.request = request;
    this.env.locks
      .request(`${NAME_PREFIX}:${this.key}`, { signal: request.signal }, () => {
        if (request.signal.aborted) return;
        return new Promise<void>((release) => {
          this.resign = release;
          this.lead();
        });
      })
      .catch(() => {});
  }

  /** Leaves the queue, and gives the stream up if this tab holds it (the next tab in the queue takes it). */
  private dequeue() {
    this.request?.abort();
    this.request = undefined;
    const stream = this.stream;
    this.stream = undefined;
    if (stream) {
      stream.stop();
      // Until the next leader reports, the other tabs know of no stream.
      this.post({ type: 'status', status: 'connecting', id: this.heard });
    }
    this.resign?.();
    this.resign = undefined;
  }

  /** This tab holds the lock: it opens the stream, resuming from the newest event any tab heard. */
  private lead() {
    const stream = new LiveEvents();
    this.stream = stream;
    stream.resumeFrom(this.heard);
    stream.onChange((change) => this.stream === stream && this.relay({ type: 'change', change }));
    stream.onReset(() => this.stream === stream && this.relay({ type: 'reset', id: stream.position }));
    stream.onStatus(() => {
      if (this.stream !== stream || stream.status === 'stopped') return;
      this.setStatus(stream.status);
      this.post({ type: 'status', status: stream.status, id: stream.position });
      this.hear(stream.position);
    });
    stream.onSessionEnded((status) => {
      if (this.stream !== stream) return;
      this.post({ type: 'ended', status });
      this.receive({ type: 'ended', status });
    });
    stream.start();
  }

  private visibility() {
    clearTimeout(this.hiddenTimer);
    if (this.suspended || !this.running) return;
    if (document.visibilityState === 'hidden') this.hiddenTimer = setTimeout(() => this.dequeue(), HIDDEN_GRACE_MS);
    else this.queue();
  }

  /** Into the back/forward cache, or frozen: nothing held, not even the channel. */
  private suspend() {
    if (!this.running || this.suspended) return;
    this.suspended = true;
    this.leave();
  }

  /** Back from the cache or a freeze: what was missed meanwhile is refetched, and the tab joins again. */
  private wake() {
    if (!this.running || !this.suspended) return;
    this.suspended = false;
    for (const listener of this.resetListeners) listener();
    this.join();
  }
}
