/**
 * The change streams open in this process (plugins/events.ts serves them): who is connected, the delivery queue that
 * keeps every stream's events in order, and each stream's start — its position, what it missed, or `reset`. A stream
 * hears only the resources its user may list, asked afresh at each delivery (the session cache, else the database),
 * and ends when its session has.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { eventsAfter, newestEventId, oldestEventId, SESSIONS_ENDED, type ChangeEvent } from '../repos/events';
import { currentSession, type CachedSession } from './auth';
import type { DbOrTx } from '../db/client';
import { said } from '../messages';

const STREAM_TEXTS = {
  serverFull: { uz: 'Serverda ochiq oʻzgarishlar oqimlari juda koʻp; birozdan keyin qayta urinib koʻring', ru: 'На сервере слишком много открытых потоков изменений; повторите чуть позже', en: 'Too many open change streams on this server; try again shortly' },
  accountFull: { uz: 'Bu hisobda serverda {n} ta panel ochiq; baʼzi varaqlarni yoping', ru: 'У этой учётной записи на сервере открыто панелей: {n}; закройте часть вкладок', en: 'This account has {n} panels open on this server; close some tabs' },
} as const;

/** A resumed stream is sent at most this many missed events; more → `reset` (a refetch is cheaper). */
const REPLAY_MAX = 500;
/** A reader this far behind (bytes unsent) is dropped: it reconnects and resumes, instead of growing our memory. */
const BACKLOG_MAX = 1 << 20;

class Stream {
  lastId = 0;
  ready = false;
  /** What arrives while the stream is set up; beyond `REPLAY_MAX`, dropped and the stream starts with `reset`. */
  pending: ChangeEvent[] = [];
  overflowed = false;
  closed = false;
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    private readonly raw: ServerResponse,
  ) {}

  write(text: string) {
    if (this.closed) return;
    if (this.raw.writableLength > BACKLOG_MAX) return this.end();
    this.raw.write(text);
  }

  /** The event if it is newer than the last sent and the session may list its resource. */
  send(event: ChangeEvent, session: CachedSession) {
    if (event.id <= this.lastId) return;
    this.lastId = event.id;
    if (event.resource === SESSIONS_ENDED || !session.permissions.has(`${event.resource}.list`)) return;
    const data = JSON.stringify({ resource: event.resource, ids: event.ids, action: event.action });
    this.write(`id: ${event.id}\nevent: change\ndata: ${data}\n\n`);
  }

  reset(id: number) {
    this.lastId = Math.max(this.lastId, id);
    this.write(`id: ${this.lastId}\nevent: reset\ndata: {}\n\n`);
  }

  end() {
    if (this.closed) return;
    this.closed = true;
    this.raw.end(() => this.raw.socket?.destroy());
  }
}

/**
 * Refuses a stream beyond the process's limit (503) or the account's (429: one account, however many sessions, cannot
 * take every stream from the others), with `Retry-After`.
 */
function admit(streams: Set<Stream>, userId: string, limits: { eventStreamsMax: number; eventStreamsPerUser: number }, reply: FastifyReply) {
  if (streams.size >= limits.eventStreamsMax) {
    reply.header('retry-after', '10');
    throw new HttpError(503, said(STREAM_TEXTS.serverFull));
  }
  if ([...streams].filter((s) => s.userId === userId).length >= limits.eventStreamsPerUser) {
    reply.header('retry-after', '30');
    throw new HttpError(429, said(STREAM_TEXTS.accountFull, { n: limits.eventStreamsPerUser }));
  }
}

interface StartingPoint {
  /** The newest event id now. */
  newest: number;
  /** What a resumed stream missed (oldest first). */
  missed: ChangeEvent[];
  /** Too much was missed, or what it names is no longer kept: the panel refetches everything. */
  reset: boolean;
}

/** Where a stream resuming from `resumeFrom` (its `Last-Event-ID`, if any) starts. */
async function startingPoint(db: DbOrTx, resumeFrom: number | undefined): Promise<StartingPoint> {
  const newest = await newestEventId(db);
  if (resumeFrom === undefined || resumeFrom === newest) return { newest, missed: [], reset: false };
  if (resumeFrom > newest) return { newest, missed: [], reset: true };
  const oldest = (await oldestEventId(db)) ?? newest + 1;
  if (resumeFrom < oldest - 1) return { newest, missed: [], reset: true };
  const missed = await eventsAfter(db, resumeFrom, REPLAY_MAX + 1);
  return { newest, missed, reset: missed.length > REPLAY_MAX };
}


/** The streams of one process and their single delivery queue. */
export class StreamHub {
  private readonly streams = new Set<Stream>();
  // The streams' connections until they are gone: a closing server destroys them (no stream answer ever completes).
  private readonly sockets = new Set<Socket>();
  // Deliveries run one after another, so every stream sees the events in the order they arrived.
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly app: FastifyInstance) {}

  get open() {
    return this.streams.size;
  }

  enqueue(work: () => Promise<void>) {
    this.chain = this.chain.then(work).catch((err: Error) => this.app.log.error({ err }, 'could not deliver a change event'));
  }

  /** Each of the streams' sessions once (undefined: ended), then `each` per stream. */
  private async bySession(targets: Stream[], each: (stream: Stream, session: CachedSession | undefined) => void) {
    const sessions = new Map<string, Promise<CachedSession | undefined>>();
    for (const stream of targets) if (!sessions.has(stream.sessionId)) sessions.set(stream.sessionId, currentSession(this.app, stream.sessionId).catch(() => undefined));
    for (const stream of targets) each(stream, await sessions.get(stream.sessionId));
  }

  async deliver(events: ChangeEvent[]) {
    // Read off the event, not the session cache, which the ending request empties only as it answers.
    const endedSessions = new Set(events.filter((e) => e.resource === SESSIONS_ENDED).flatMap((e) => e.ids));
    const live: Stream[] = [];
    for (const stream of this.streams) {
      if (endedSessions.has(stream.sessionId)) stream.end();
      else if (stream.ready) live.push(stream);
      else if (stream.pending.length + events.length <= REPLAY_MAX) stream.pending.push(...events);
      else stream.overflowed = true;
    }
    await this.bySession(live, (stream, session) => {
      if (!session) return stream.end();
      for (const event of events) stream.send(event, session);
    });
  }

  /** Back after a lost connection to the database: events may have been missed, so every panel refetches. */
  resetAll() {
    this.enqueue(async () => {
      const newest = await newestEventId(this.app.db);
      for (const stream of this.streams) if (stream.ready) stream.reset(newest);
    });
  }

  /** A comment to every live stream; a stream whose session has ended goes. */
  heartbeat() {
    const open = [...this.streams].filter((s) => s.ready);
    for (const stream of open) stream.write(': heartbeat\n\n');
    this.enqueue(() => this.bySession(open, (stream, session) => (session ? undefined : stream.end())));
  }

  closeAll() {
    for (const stream of this.streams) stream.end();
    this.streams.clear();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Answers the request with a change stream (the route has authenticated it). */
  async serve(request: FastifyRequest, reply: FastifyReply) {
    const userId = request.user!.id;
    admit(this.streams, userId, this.app.config, reply);
    const header = request.headers['last-event-id'];
    const resumeFrom = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and the like: pass each frame through at once.
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();
    const stream = new Stream(userId, request.user!.sessionId, raw);
    this.streams.add(stream);
    request.raw.socket.setNoDelay(true);
    const socket = request.raw.socket;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    // A stream's connection is never reused: once it ends either way, it goes (else a closing server waits for it).
    raw.on('close', () => {
      stream.closed = true;
      this.streams.delete(stream);
      socket.destroy();
    });
    raw.write(': connected\n\n');
    // The reply is hijacked: an error from here on is logged and ends the stream (the panel reconnects).
    await this.start(stream, resumeFrom).catch((err: Error) => {
      request.log.error({ err }, 'could not open a change stream');
      stream.end();
    });
  }

  /** Sends the stream its position (`ready`), or what it missed since `resumeFrom`, or `reset`; then it is live. */
  private async start(stream: Stream, resumeFrom: number | undefined) {
    // Listening already (pending collects what arrives); now the position, then what was missed.
    const from = await startingPoint(this.app.db, resumeFrom);
    // In the delivery queue, so nothing delivered meanwhile is sent twice or before the replay.
    await new Promise<void>((resolve, reject) => this.enqueue(() => this.ready(stream, resumeFrom, from).then(resolve, reject)));
  }

  private async ready(stream: Stream, resumeFrom: number | undefined, { newest, missed, reset }: StartingPoint) {
    const session = await currentSession(this.app, stream.sessionId);
    if (!session) return stream.end();
    if (reset || stream.overflowed) {
      stream.reset(Math.max(newest, ...stream.pending.map((e) => e.id)));
      stream.pending = [];
    } else {
      stream.lastId = resumeFrom ?? newest;
      for (const event of missed) stream.send({ ...event, id: Number(event.id) }, session);
    }
    // The position a resume starts from, even before the first change.
    stream.write(`id: ${Math.max(stream.lastId, newest)}\nevent: ready\ndata: {}\n\n`);
    stream.lastId = Math.max(stream.lastId, newest);
    for (const event of stream.pending) stream.send(event, session);
    stream.pending = [];
    stream.ready = true;
  }
}
