/** The session protocol (DESIGN §5): login, refresh with rotation and reuse detection, logout. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { HttpError, tooManyAttempts } from '../errors';
import { loginSchema } from '../../shared/schemas/users';
import { hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { throttledCheck } from '../auth/throttle';
import { upgradePasswordHash } from '../repos/users';
import { createSession, permissionCodesOf, revokeSession, rotateSession } from '../auth/sessions';
import { authenticate } from '../plugins/auth';

const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login/admin',
    { config: { public: true }, schema: { tags: ['auth'], body: loginSchema, response: { 201: tokenPair } } },
    async (request, reply) => {
      const { username, password, userAgent } = request.body;
      // Only holders of at least one admin permission may enter the panel; the message gives no hint which check failed.
      const outcome = await throttledCheck(app.loginThrottle, { scope: 'password', subject: username, address: request.ip }, async () => {
        const [found] = await app.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.username, username));
        const valid = await verifyPassword(password, found?.passwordHash);
        return valid && found && (await permissionCodesOf(app.db, found.id)).length > 0 && found;
      });
      if ('retryAfter' in outcome) return tooManyAttempts(reply, outcome.retryAfter);
      const user = outcome.passed;
      if (!user) throw new HttpError(401, 'Wrong username or password');
      if (user.passwordHash && needsRehash(user.passwordHash)) {
        await upgradePasswordHash(app.db, user.id, user.passwordHash, await hashPassword(password));
      }
      const pair = await createSession(app.db, app.tokens, user.id, {
        userAgent: userAgent ?? request.headers['user-agent'],
        ip: request.ip,
      });
      return reply.status(201).send(pair);
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        headers: z.object({ refreshtoken: z.string().optional() }).loose(),
        body: z.object({ userAgent: z.string().max(512).optional() }).loose().nullish(),
        response: { 201: tokenPair },
      },
    },
    async (request, reply) => {
      const presented = request.headers.refreshtoken;
      if (!presented || typeof presented !== 'string') throw new HttpError(401, 'The refreshToken header is missing');
      const verified = await app.tokens.verifyRefresh(presented);
      if (!verified.ok) {
        if (verified.reason === 'expired') throw new HttpError(455, 'The session has expired; please log in again');
        throw new HttpError(401, 'The refresh token is not valid');
      }
      const { sub, sid, rid } = verified.claims;
      const pair = await rotateSession(app.db, app.tokens, { sub, sid, rid });
      if (pair === 'reused') {
        request.log.warn({ sessionId: sid }, 'refresh token reused; session revoked');
        throw new HttpError(455, 'This session was ended for safety; please log in again');
      }
      if (!pair) throw new HttpError(455, 'The session has ended; please log in again');
      return reply.status(201).send(pair);
    },
  );

  app.delete(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const user = await authenticate(app, request);
      await revokeSession(app.db, user.sessionId, 'logout');
      return { message: 'Logged out' };
    },
  );
};

export default authRoutes;
