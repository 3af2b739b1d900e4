/**
 * Two-factor login (TOTP) for the caller: status with the last login and the latest lock, setup (the secret answered
 * this once), enable with the password and a code (answers the recovery codes, once; ends the other sessions), new
 * recovery codes with the password, disable with the password and a code; and a reset of another user's
 * by a holder of `user.edit`, which also ends that user's sessions. Enable, disable and reset are audited without any
 * secret. The status, setup and enable routes answer a user whose role requires two-factor before it is on.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialsOf } from '../repos/profile';
import { HttpError, badRequest, conflict, tooManyAttempts } from '../errors';
import { perm } from '../../shared/permissions';
import {
  recoveryCodesAnswer,
  recoveryCodesSchema,
  securityAnswer,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupAnswer,
} from '../../shared/schemas/security';
import { verifyPassword } from '../auth/passwords';
import { throttledCheck } from '../repos/throttle';
import { matchTotp, newTotpSecret, otpauthUrl } from '../auth/totp';
import { hashRecoveryCode, newRecoveryCodes, openSecret, sealSecret } from '../auth/two-factor';
import { checkSecondFactorLocked } from '../repos/second-factor';
import { accountMessage } from '../auth/account-messages';
import { auditedWrite } from '../http/unit-of-work';
import {
  enableTwoFactor,
  findTwoFactor,
  recoveryCodesLeft,
  removeTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  twoFactorState,
} from '../repos/two-factor';
import { latestSecondFactorLock, secondFactorPassed } from '../repos/second-factor-lock';
import { endSessions, loginBefore } from '../repos/sessions';
import { managedUser, shownSession } from './security-common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { said } from '../messages';

const TWO_FACTOR_TEXTS = {
  alreadyOn: { uz: 'Ikki bosqichli kirish allaqachon yoqilgan', ru: 'Двухфакторный вход уже включён', en: 'Two-factor login is already on' },
  setupFirst: { uz: 'Avval sozlashni boshlang', ru: 'Сначала начните настройку', en: 'Start the setup first' },
  off: { uz: 'Ikki bosqichli kirish oʻchirilgan', ru: 'Двухфакторный вход выключен', en: 'Two-factor login is off' },
  ownUnderProfile: { uz: 'Oʻz ikki bosqichli kirishingizni Profil boʻlimida oʻchiring', ru: 'Свой двухфакторный вход выключите в профиле', en: 'Turn your own two-factor login off under Profile' },
} as const;

const ISSUER = 'Dacha Admin';
const message = z.object({ message: z.string() });

/**
 * A strong action asks for the current password in the same request, whatever the session's age: a stolen access
 * token alone cannot do it. Behind the login's throttle, which it shares (429 with Retry-After); 400 when wrong.
 */
async function checkCurrentPassword(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, password: string) {
  const { id } = request.user!;
  const row = await credentialsOf(app.db, id);
  const outcome = await throttledCheck(app.loginThrottle, { scope: 'password', subject: row?.username ?? id, address: request.ip }, () =>
    verifyPassword(password, row?.passwordHash),
  );
  if ('retryAfter' in outcome) return tooManyAttempts(reply, outcome.retryAfter);
  if (!outcome.passed) {
    const text = accountMessage('password-wrong', request.lang);
    throw badRequest(text, { password: text });
  }
  return row?.username ?? id;
}

const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const anyUser = app.requirePermission();
  const serverSecret = () => app.config.jwtSecret!;

  app.get(
    '/auth/security',
    {
      onRequest: anyUser,
      config: { twoFactorSetup: true },
      schema: { tags, description: 'Whether two-factor login is on or required, recovery codes left, the login before this one, and the latest lock of the authenticator’s codes (30 days)', response: { 200: securityAnswer } },
    },
    async (request) => {
      const { id, sessionId } = request.user!;
      const [state, left, before, lock] = await Promise.all([
        twoFactorState(app.db, id),
        recoveryCodesLeft(app.db, id),
        loginBefore(app.db, id, sessionId),
        latestSecondFactorLock(app.db, id),
      ]);
      const shown = before && shownSession(before);
      return {
        twoFactorEnabled: state.enabled,
        twoFactorRequired: state.required,
        recoveryCodesLeft: state.enabled ? left : 0,
        lastLogin: shown ? { at: shown.createdAt, device: shown.device, browser: shown.browser, os: shown.os, address: shown.address } : null,
        secondFactorLock: lock ?? null,
      };
    },
  );

  app.post(
    '/auth/2fa/setup',
    {
      onRequest: anyUser,
      config: { twoFactorSetup: true, noApiKey: true },
      schema: {
        tags,
        description: 'A new TOTP secret and its otpauth URL, answered this once (409 when two-factor is already on)',
        // Takes nothing: a body other than `{}` is a client's mistake, refused like any call's unknown body (400).
        body: z.object({}).strict().nullish(),
        response: { 200: twoFactorSetupAnswer },
      },
    },
    async (request) => {
      const { id } = request.user!;
      const secret = newTotpSecret();
      if (!(await savePendingSecret(app.db, id, sealSecret(serverSecret(), id, secret)))) throw conflict(said(TWO_FACTOR_TEXTS.alreadyOn));
      const row = await credentialsOf(app.db, id);
      return { secret, otpauthUrl: otpauthUrl(ISSUER, row?.username ?? id, secret) };
    },
  );

  app.post(
    '/auth/2fa/enable',
    {
      onRequest: anyUser,
      config: { twoFactorSetup: true, noApiKey: true },
      schema: {
        tags,
        description:
          'Turns two-factor login on once the current password (400 when wrong; 429 with Retry-After past the login throttle) and a code prove the authenticator works (400 when wrong); answers 10 recovery codes, shown once, and ends the caller’s other sessions',
        body: twoFactorEnableSchema,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request, reply) => {
      const { id, sessionId } = request.user!;
      await checkCurrentPassword(app, request, reply, request.body.password);
      const row = await findTwoFactor(app.db, id);
      if (row?.enabledAt) throw conflict(said(TWO_FACTOR_TEXTS.alreadyOn));
      if (!row) throw badRequest(said(TWO_FACTOR_TEXTS.setupFirst), { code: said(TWO_FACTOR_TEXTS.setupFirst) });
      const secret = openSecret(serverSecret(), id, row.secret);
      const step = secret === undefined ? undefined : matchTotp(secret, request.body.code);
      if (step === undefined) throw badRequest(accountMessage('code-wrong', request.lang), { code: accountMessage('code-wrong', request.lang) });
      const codes = newRecoveryCodes();
      await auditedWrite(app.db, request, async (tx) => {
        if (!(await enableTwoFactor(tx, id, step, codes.map(hashRecoveryCode)))) throw conflict(said(TWO_FACTOR_TEXTS.alreadyOn));
        await secondFactorPassed(tx, id);
        // Whoever else holds a session (a thief's stolen token among them) logs in again, now with a code.
        const ended = await endSessions(tx, id, 'two-factor-enabled', { keep: sessionId });
        return {
          result: undefined,
          audit: { resource: 'user', recordId: id, action: 'twoFactorEnable', extra: { twoFactor: { before: false, after: true }, sessions: { before: ended, after: 0 } } },
        };
      });
      return { recoveryCodes: codes };
    },
  );

  app.post(
    '/auth/2fa/disable',
    {
      onRequest: anyUser,
      config: { noApiKey: true },
      schema: {
        tags,
        description:
          'Turns two-factor login off; needs the password and a current or recovery code (400 when either is wrong; 429 with Retry-After past the throttle)',
        body: twoFactorDisableSchema,
        response: { 200: message },
      },
    },
    async (request, reply) => {
      const { id } = request.user!;
      const subject = await checkCurrentPassword(app, request, reply, request.body.password);
      const state = await findTwoFactor(app.db, id);
      if (!state?.enabledAt) throw conflict(said(TWO_FACTOR_TEXTS.off));
      let locked = false;
      const code = await throttledCheck(app.loginThrottle, { scope: 'totp', subject, address: request.ip }, async () => {
        const checked = await checkSecondFactorLocked(app.db, serverSecret(), id, request.body.code, request.ip);
        locked = checked.locked;
        return checked.passed;
      });
      if ('retryAfter' in code) return tooManyAttempts(reply, code.retryAfter);
      if (!code.passed) {
        const message = accountMessage(locked ? 'second-factor-locked' : 'code-wrong', request.lang);
        throw badRequest(message, { code: message });
      }
      await auditedWrite(app.db, request, async (tx) => {
        await removeTwoFactor(tx, id);
        return { result: undefined, audit: { resource: 'user', recordId: id, action: 'twoFactorDisable', extra: { twoFactor: { before: true, after: false } } } };
      });
      return { message: 'Two-factor login is off' };
    },
  );
};

/** New recovery codes in place of the old ones, for the caller (the current password first). */
export const recoveryCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const anyUser = app.requirePermission();
  app.post(
    '/auth/2fa/recovery-codes',
    {
      onRequest: anyUser,
      config: { noApiKey: true },
      schema: {
        tags,
        description:
          'Ten new recovery codes, shown once, in place of the old ones (used or not); needs the current password (400 when wrong; 429 with Retry-After past the login throttle); 409 when two-factor login is off; audited',
        body: recoveryCodesSchema,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request, reply) => {
      const { id } = request.user!;
      await checkCurrentPassword(app, request, reply, request.body.password);
      const codes = newRecoveryCodes();
      await auditedWrite(app.db, request, async (tx) => {
        const before = await replaceRecoveryCodes(tx, id, codes.map(hashRecoveryCode));
        if (before === undefined) throw conflict(accountMessage('two-factor-off', request.lang));
        return { result: undefined, audit: { resource: 'user', recordId: id, action: 'recoveryCodes', extra: { recoveryCodesLeft: { before, after: codes.length } } } };
      });
      return { recoveryCodes: codes };
    },
  );
};

/** An admin's side: resetting another user's second factor (a role that requires one is the role's action, `roles.ts`). */
export const twoFactorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/:id/2fa/reset',
    {
      onRequest: app.requirePermission(perm('user', 'edit')),
      schema: {
        tags: ['user'],
        description: 'Turns another user’s two-factor login off (a lost phone) and ends their sessions (user.edit); audited',
        params: z.object({ id: z.string().min(1) }),
        response: { 200: message },
      },
    },
    async (request) => {
      const caller = request.user!;
      await auditedWrite(app.db, request, async (tx) => {
        const user = await managedUser(tx, caller, request.params.id);
        if (user.id === caller.id) throw new HttpError(403, said(TWO_FACTOR_TEXTS.ownUnderProfile));
        const wasOn = await removeTwoFactor(tx, user.id);
        await secondFactorPassed(tx, user.id, 'reset');
        const ended = await endSessions(tx, user.id, 'two-factor-reset');
        const extra = { twoFactor: { before: wasOn, after: false }, sessions: { before: ended, after: 0 } };
        return { result: undefined, audit: { resource: 'user', recordId: user.id, action: 'twoFactorReset', extra } };
      });
      return { message: 'Two-factor login was reset' };
    },
  );
};

export default twoFactorRoutes;
