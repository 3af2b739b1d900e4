/**
 * The open panels' change streams (`GET /events`, issue #25). One LISTEN per process on the events' channel
 * (repos/events.ts) fans each committed write out to this process's open streams. A stream hears only the resources
 * its user may list, asked afresh at each delivery (the session cache, else the database), and ends when its session
 * has: a logout or a revoked permission holds on an open stream too. Frames are plain SSE:
 * `id: <n>\nevent: change\ndata: {"resource","ids","action"}\n\n`; `event: reset` tells the panel to refetch all.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_CHANNEL, eventsById, pruneEvents, publishChange, type ChangeEvent } from '../repos/events';
import { sweepPresence } from '../repos/presence';
import { StreamHub } from './events-hub';

/** Proxies drop a silent connection after about a minute: a comment every 25 s keeps it open. */
const HEARTBEAT_MS = 25_000;
/** Events are kept this long for a stream that resumes with `Last-Event-ID`; older ones → `reset`. */
const KEEP_SECONDS = 15 * 60;
const SWEEP_MS = 30_000;

interface LiveEvents {
  /** Answers the request with a change stream (the route has authenticated it). */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Streams open in this process. */
  readonly open: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: LiveEvents;
  }
}

async function eventsPlugin(app: FastifyInstance) {
  const hub = new StreamHub(app);

  let heard = false;
  const stop = await app.database.listen(
    EVENT_CHANNEL,
    (payload) =>
      hub.enqueue(async () => {
        const parsed = JSON.parse(payload) as Partial<ChangeEvent> & { id: number };
        const events = parsed.resource ? [parsed as ChangeEvent] : await eventsById(app.db, [parsed.id]);
        await hub.deliver(events.map((e) => ({ ...e, id: Number(e.id) })));
      }),
    (up) => {
      if (up && heard) hub.resetAll();
      heard = heard || up;
    },
  );

  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();

  // Old events go; presence not heard of for a minute goes, and the pages showing it hear so.
  const sweep = setInterval(() => {
    void (async () => {
      await pruneEvents(app.db, KEEP_SECONDS);
      for (const gone of await sweepPresence(app.db)) await publishChange(app.db, { resource: gone.resource, ids: [gone.recordId], action: 'presence' });
    })().catch((err: Error) => app.log.error({ err }, 'could not sweep events and presence'));
  }, SWEEP_MS);
  sweep.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sweep);
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await stop().catch(() => {});
  });

  app.decorate('liveEvents', hub);
}

export default fp(eventsPlugin, { name: 'events', dependencies: ['database', 'changes', 'auth'] });
