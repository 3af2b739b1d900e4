/**
 * Sessions one can see and end: one's own (any logged-in user), and another user's (`user.edit`, audited). Ending a
 * session is a write, so every process empties its session cache before the answer leaves (plugins/changes.ts): the
 * ended session's access token is refused (455) on the next request everywhere, and its refresh answers 455.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors';
import { perm } from '../../shared/permissions';
import { sessionRecord } from '../../shared/schemas/security';
import { auditedWrite } from '../http/unit-of-work';
import { uuidLike } from '../query/ids';
import { endSessions, liveSessions } from '../repos/sessions';
import { managedUser, shownSession } from './security-common';
import { said } from '../messages';

/** One session, as a 404 names it. */
const SESSION_TEXT = { uz: 'Seans', ru: 'Сеанс', en: 'Session' } as const;

const ended = z.object({ ended: z.number().int() });
const sessionParams = z.object({ id: z.string().min(1) });
const userSessionParams = z.object({ id: z.string().min(1), sessionId: z.string().min(1) });

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const anyUser = app.requirePermission();
  const admin = app.requirePermission(perm('user', 'edit'));

  app.get(
    '/auth/sessions',
    { onRequest: anyUser, schema: { tags, description: 'The caller’s live sessions, the most recently used first', response: { 200: z.array(sessionRecord) } } },
    async (request) => {
      const { id, sessionId } = request.user!;
      return (await liveSessions(app.db, id)).map((row) => shownSession(row, sessionId));
    },
  );

  app.delete(
    '/auth/sessions/:id',
    { onRequest: anyUser, schema: { tags, description: 'Ends one of the caller’s sessions (404 when it is not theirs or has ended)', params: sessionParams, response: { 200: ended } } },
    async (request) => {
      const { id: userId } = request.user!;
      const target = request.params.id;
      if (!uuidLike(target) || !(await endSessions(app.db, userId, 'ended-by-user', { only: target }))) throw notFound(said(SESSION_TEXT));
      return { ended: 1 };
    },
  );

  app.delete(
    '/auth/sessions',
    { onRequest: anyUser, schema: { tags, description: 'Ends every session of the caller but the current one', response: { 200: ended } } },
    async (request) => {
      const { id, sessionId } = request.user!;
      return { ended: await endSessions(app.db, id, 'ended-by-user', { keep: sessionId }) };
    },
  );

  app.get(
    '/user/:id/sessions',
    { onRequest: admin, schema: { tags: ['user'], description: 'A user’s live sessions (user.edit; 403 for a user holding a permission the caller lacks, as for editing them)', params: sessionParams, response: { 200: z.array(sessionRecord) } } },
    async (request) => {
      const user = await managedUser(app.db, request.user!, request.params.id);
      return (await liveSessions(app.db, user.id)).map((row) => shownSession(row, request.user!.sessionId));
    },
  );

  app.delete(
    '/user/:id/sessions',
    {
      onRequest: admin,
      schema: { tags: ['user'], description: 'Ends every session of a user (user.edit; the caller’s own current one stays); audited', params: sessionParams, response: { 200: ended } },
    },
    async (request) => {
      const caller = request.user!;
      return auditedWrite(app.db, request, async (tx) => {
        const user = await managedUser(tx, caller, request.params.id);
        const count = await endSessions(tx, user.id, 'ended-by-admin', { keep: caller.sessionId });
        return { result: { ended: count }, audit: { resource: 'user', recordId: user.id, action: 'sessionsEnd', extra: { sessions: { before: count, after: 0 } } } };
      });
    },
  );

  app.delete(
    '/user/:id/sessions/:sessionId',
    { onRequest: admin, schema: { tags: ['user'], description: 'Ends one session of a user (user.edit); audited', params: userSessionParams, response: { 200: ended } } },
    async (request) => {
      const caller = request.user!;
      const { sessionId } = request.params;
      return auditedWrite(app.db, request, async (tx) => {
        const user = await managedUser(tx, caller, request.params.id);
        if (!uuidLike(sessionId) || !(await endSessions(tx, user.id, 'ended-by-admin', { only: sessionId }))) throw notFound(said(SESSION_TEXT));
        return { result: { ended: 1 }, audit: { resource: 'user', recordId: user.id, action: 'sessionEnd', extra: { session: { before: sessionId, after: null } } } };
      });
    },
  );
};

export default sessionRoutes;
