/** The session protocol (DESIGN §5): login, refresh with rotation and reuse detection, logout. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginAccount } from '../repos/profile';
import { HttpError, tooManyAttempts } from '../errors';
import { loginSchema } from '../../shared/schemas/users';
import { hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { throttledCheck } from '../repos/throttle';
import { upgradePasswordHash } from '../repos/users';
import { createSession, endSessions, rotateSession } from '../repos/sessions';
import { authenticate } from '../plugins/auth';
import { loginSecondFactor } from '../repos/second-factor';
import { accountMessage } from '../auth/account-messages';
import { said, say } from '../messages';

const AUTH_TEXTS = {
  wrongCredentials: { uz: 'Foydalanuvchi nomi yoki parol notoʻgʻri', ru: 'Неверное имя пользователя или пароль', en: 'Wrong username or password' },
  enterCode: { uz: 'Autentifikator ilovasidagi kodni kiriting', ru: 'Введите код из приложения-аутентификатора', en: 'Enter the code from your authenticator app' },
  codeWrong: { uz: 'Kod notoʻgʻri yoki allaqachon ishlatilgan', ru: 'Код неверен или уже использован', en: 'The code is wrong or already used' },
  noRefreshToken: { uz: 'refreshToken sarlavhasi yoʻq', ru: 'Нет заголовка refreshToken', en: 'The refreshToken header is missing' },
  expired: { uz: 'Seans muddati tugadi; iltimos, qayta kiring', ru: 'Сеанс истёк; войдите снова', en: 'The session has expired; please log in again' },
  refreshInvalid: { uz: 'Yangilash tokeni yaroqsiz', ru: 'Токен обновления недействителен', en: 'The refresh token is not valid' },
  endedForSafety: { uz: 'Xavfsizlik uchun bu seans tugatildi; iltimos, qayta kiring', ru: 'Этот сеанс завершён из соображений безопасности; войдите снова', en: 'This session was ended for safety; please log in again' },
  ended: { uz: 'Seans tugadi; iltimos, qayta kiring', ru: 'Сеанс завершён; войдите снова', en: 'The session has ended; please log in again' },
} as const;

const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
/** The login's answer: the pair, and (only when true) that the user's role requires two-factor setup first. */
const loginAnswer = tokenPair.extend({ twoFactorSetupRequired: z.literal(true).optional() });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login/admin',
    { config: { public: true, noApiKey: true }, schema: { tags: ['auth'], body: loginSchema, response: { 201: loginAnswer } } },
    async (request, reply) => {
      const { username, password, userAgent } = request.body;
      // Only holders of at least one admin permission may enter the panel; the message gives no hint which check failed.
      const outcome = await throttledCheck(app.loginThrottle, { scope: 'password', subject: username, address: request.ip }, async () => {
        const found = await loginAccount(app.db, username);
        const valid = await verifyPassword(password, found?.passwordHash);
        return valid && found?.admin && found;
      });
      if ('retryAfter' in outcome) return tooManyAttempts(reply, outcome.retryAfter);
      const user = outcome.passed;
      if (!user) throw new HttpError(401, said(AUTH_TEXTS.wrongCredentials));
      // A user with two-factor on needs a code too (401 `twoFactorRequired` without one); nothing changes for others.
      const second = await loginSecondFactor(app.db, app.loginThrottle, app.config.jwtSecret!, {
        userId: user.id,
        username,
        address: request.ip,
        code: request.body.code,
        twoFactorOn: user.twoFactorOn,
      });
      if (typeof second === 'object') return tooManyAttempts(reply, second.retryAfter);
      if (second === 'missing') throw new HttpError(401, said(AUTH_TEXTS.enterCode), undefined, { twoFactorRequired: true });
      if (second === 'wrong') throw new HttpError(401, said(AUTH_TEXTS.codeWrong), undefined, { twoFactorRequired: true });
      // Past the wrong codes an account takes in a day: the authenticator's codes are refused, a recovery code is not.
      if (second === 'locked') {
        throw new HttpError(401, accountMessage('second-factor-locked', request.lang), undefined, { twoFactorRequired: true, twoFactorLocked: true });
      }
      if (user.passwordHash && needsRehash(user.passwordHash)) {
        await upgradePasswordHash(app.db, user.id, user.passwordHash, await hashPassword(password));
      }
      const pair = await createSession(app.db, app.tokens, user.id, {
        userAgent: userAgent ?? request.headers['user-agent'],
        ip: request.ip,
      });
      const { twoFactorRequired: required, twoFactorOn: enabled } = user;
      return reply.status(201).send(required && !enabled ? { ...pair, twoFactorSetupRequired: true as const } : pair);
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { public: true, noApiKey: true },
      schema: {
        tags: ['auth'],
        headers: z.object({ refreshtoken: z.string().optional() }).loose(),
        body: z.object({ userAgent: z.string().max(512).optional() }).loose().nullish(),
        response: { 201: tokenPair },
      },
    },
    async (request, reply) => {
      const presented = request.headers.refreshtoken;
      if (!presented || typeof presented !== 'string') throw new HttpError(401, said(AUTH_TEXTS.noRefreshToken));
      const verified = await app.tokens.verifyRefresh(presented);
      if (!verified.ok) {
        if (verified.reason === 'expired') throw new HttpError(455, said(AUTH_TEXTS.expired));
        throw new HttpError(401, said(AUTH_TEXTS.refreshInvalid));
      }
      const { sub, sid, rid } = verified.claims;
      const pair = await app.db.transaction((tx) => rotateSession(tx, app.tokens, { sub, sid, rid }));
      if (pair === 'reused') {
        request.log.warn({ sessionId: sid }, 'refresh token reused; session revoked');
        throw new HttpError(455, said(AUTH_TEXTS.endedForSafety));
      }
      if (!pair) throw new HttpError(455, said(AUTH_TEXTS.ended));
      return reply.status(201).send(pair);
    },
  );

  app.delete(
    '/auth/logout',
    { config: { twoFactorSetup: true }, schema: { tags: ['auth'], response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const user = await authenticate(app, request);
      await endSessions(app.db, user.id, 'logout', { only: user.sessionId });
      return { message: say(request.messageLang, { uz: 'Tizimdan chiqildi', ru: 'Вы вышли из системы', en: 'Logged out' }) };
    },
  );
};

export default authRoutes;
