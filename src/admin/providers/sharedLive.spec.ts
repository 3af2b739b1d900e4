// @vitest-environment jsdom
import { BroadcastChannel as NodeChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveChange } from './liveEvents';
import { SharedLiveEvents, sessionKey } from './sharedLive';

/** The Web Locks API's exclusive mode, in one process: the first request holds the lock, the others queue. */
function fakeLocks(): LockManager {
  const queues = new Map<string, { run: () => void; signal?: AbortSignal }[]>();
  const held = new Set<string>();
  const next = (name: string) => {
    const queue = queues.get(name) ?? [];
    while (queue.length && queue[0]!.signal?.aborted) queue.shift();
    const first = queue.shift();
    if (first) first.run();
  };
  return {
    request: ((name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) =>
      new Promise<unknown>((resolve, reject) => {
        const run = () => {
          held.add(name);
          Promise.resolve(callback({ name, mode: 'exclusive' }))
            .then(resolve, reject)
            .finally(() => {
              held.delete(name);
              next(name);
            });
        };
        options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        if (!queues.has(name)) queues.set(name, []);
        queues.get(name)!.push({ run, signal: options.signal });
        if (!held.has(name)) next(name);
      })) as LockManager['request'],
    query: async () => ({}),
  };
}

const token = (sub: string, sid: string) => `h.${btoa(JSON.stringify({ sub, sid }))}.s`;

/** Each stream the tabs open: its Last-Event-ID, and a way to send it frames. */
interface OpenStream {
  lastEventId: string | null;
  send(frames: string): void;
  aborted: boolean;
}

let streams: OpenStream[] = [];
const tabs: SharedLiveEvents[] = [];
const env = () => ({ locks, Channel: NodeChannel as unknown as typeof BroadcastChannel });
let locks: LockManager;

beforeEach(() => {
  locks = fakeLocks();
  streams = [];
  localStorage.setItem('accessToken', token('u1', 's1'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      let push!: (text: string) => void;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
        },
      });
      const stream: OpenStream = { lastEventId: headers.get('last-event-id'), send: (t) => push(t), aborted: false };
      init.signal?.addEventListener('abort', () => (stream.aborted = true));
      streams.push(stream);
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }),
  );
});

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.stop();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function openTab() {
  const tab = new SharedLiveEvents(env());
  const heard: LiveChange[] = [];
  tab.onChange((change) => heard.push(change));
  tab.start();
  tabs.push(tab);
  return { tab, heard };
}

const change = (id: number) => `id: ${id}\nevent: change\ndata: {"resource":"region","ids":["r${id}"],"action":"create"}\n\n`;
const live = () => streams.filter((s) => !s.aborted);

describe('one change stream shared by the tabs of a session', () => {
  it('opens one stream for many tabs and relays each change to every tab once', async () => {
    const all = [openTab(), openTab(), openTab()];
    await vi.waitFor(() => expect(all.some((t) => t.tab.leading)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(streams).toHaveLength(1);
    streams[0]!.send(`id: 5\nevent: ready\ndata: {}\n\n${change(6)}${change(7)}`);
    await vi.waitFor(() => expect(all.every((t) => t.heard.length === 2)).toBe(true));
    expect(all.map((t) => t.heard.map((c) => c.id))).toEqual([[6, 7], [6, 7], [6, 7]]);
    await vi.waitFor(() => expect(all.every((t) => t.tab.status === 'online')).toBe(true));
  });

  it('hands the stream to another tab when its holder stops, resuming after the last change heard', async () => {
    const [a, b] = [openTab(), openTab()];
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send(`id: 5\nevent: ready\ndata: {}\n\n${change(6)}`);
    await vi.waitFor(() => expect(b.heard).toHaveLength(1));
    const leader = a.tab.leading ? a : b;
    const other = leader === a ? b : a;
    leader.tab.stop();
    await vi.waitFor(() => expect(live()).toHaveLength(1));
    expect(other.tab.leading).toBe(true);
    expect(live()[0]!.lastEventId).toBe('6');
    // What the old stream sent again at the overlap is not heard twice.
    live()[0]!.send(`${change(6)}${change(7)}`);
    await vi.waitFor(() => expect(other.heard.map((c) => c.id)).toEqual([6, 7]));
  });

  it('keeps the tabs of another session apart', async () => {
    const first = openTab();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    localStorage.setItem('accessToken', token('u2', 's2'));
    const second = openTab();
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    streams[0]!.send(change(3));
    await vi.waitFor(() => expect(first.heard).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(second.heard).toHaveLength(0);
  });

  it('tells every tab when the session ended', async () => {
    vi.mocked(fetch).mockResolvedValue(new Response('{}', { status: 455 }));
    const ended: number[] = [];
    const [a, b] = [openTab(), openTab()];
    a.tab.onSessionEnded((s) => ended.push(s));
    b.tab.onSessionEnded((s) => ended.push(s));
    await vi.waitFor(() => expect(ended).toEqual([455, 455]));
    expect([a.tab.status, b.tab.status]).toEqual(['stopped', 'stopped']);
  });

  it('reads the session from the access token', () => {
    expect(sessionKey(token('u1', 's1'))).toBe('u1.s1');
    expect(sessionKey(null)).toBeUndefined();
  });
});
