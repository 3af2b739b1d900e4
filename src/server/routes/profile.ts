/**
 * The caller's own profile, open to every logged-in user without `user.edit`: name, e-mail and photo, and a password
 * change that needs the current password (400 when wrong, behind the login's throttle) and ends the caller's other
 * sessions.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, tooManyAttempts } from '../errors';
import { meRecord } from '../../shared/records/user';
import { PROFILE_PASSWORD_PATH, PROFILE_PATH, passwordChangeSchema, profileEditSchema } from '../../shared/schemas/profile';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { endSessions } from '../repos/sessions';
import { checkPasswordStrength } from '../auth/strength';
import { throttledCheck } from '../repos/throttle';
import { fileOf, readValidForm } from '../http/forms';
import { formValidator } from '../http/resource/schemas';
import { loadUsers } from '../repos/users';
import { HIDDEN } from '../rules/audit-changes';
import { auditedWrite } from '../http/unit-of-work';
import { credentialsOf, profileImage, setPasswordHash, updateProfile } from '../repos/profile';
import { said, say } from '../messages';

const PASSWORD_WRONG = { uz: 'Joriy parol notoʻgʻri', ru: 'Текущий пароль неверен', en: 'The current password is wrong' } as const;

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  async function me(id: string, permissions: Set<string>) {
    const [user] = await loadUsers(app.db, [id]);
    return { ...user, permissions: [...permissions].sort() };
  }

  app.patch(
    `/${PROFILE_PATH}`,
    {
      onRequest: app.requirePermission(),
      config: { costly: 'upload' },
      validatorCompiler: formValidator(false),
      schema: {
        tags,
        description: 'Changes the caller’s own name, e-mail and photo (JSON or multipart with `image`); an absent field changes nothing',
        body: profileEditSchema.extend({ image: z.string().optional().describe('binary') }),
        response: { 200: meRecord },
      },
    },
    async (request) => {
      const caller = request.user!;
      const { data, files } = await readValidForm(request, profileEditSchema, { image: 1 }, 'profile');
      const file = fileOf(files, 'image', false);
      const imageBefore = await profileImage(app.db, caller.id);
      const image = file ? await request.saveImage(file) : undefined;
      const values = {
        name: data.name === undefined ? undefined : data.name || null,
        email: data.email === undefined ? undefined : data.email || null,
        image,
      };
      if (Object.values(values).some((v) => v !== undefined)) {
        const [was] = await loadUsers(app.db, [caller.id]);
        await auditedWrite(app.db, request, async (tx) => {
          await updateProfile(tx, caller.id, values);
          const [now] = await loadUsers(tx, [caller.id]);
          return { result: now, audit: { resource: 'user', recordId: caller.id, action: 'profile', before: was, after: now }, removeFiles: image ? [imageBefore] : [] };
        });
      }
      return me(caller.id, caller.permissions);
    },
  );

  app.post(
    `/${PROFILE_PASSWORD_PATH}`,
    {
      onRequest: app.requirePermission(),
      // A key never touches the account's secrets (issue #36).
      config: { noApiKey: true },
      schema: {
        tags,
        description:
          'Changes the caller’s own password after checking the current one (400 when wrong; 429 with Retry-After past the login throttle, which it shares); refuses a weak new one (400); ends the caller’s other sessions',
        body: passwordChangeSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const caller = request.user!;
      const { currentPassword, newPassword } = request.body;
      const row = await credentialsOf(app.db, caller.id);
      // A stolen access token must not guess the current password any faster than a login could: the same throttle.
      const outcome = await throttledCheck(app.loginThrottle, { scope: 'password', subject: row?.username ?? caller.id, address: request.ip }, () =>
        verifyPassword(currentPassword, row?.passwordHash),
      );
      if ('retryAfter' in outcome) return tooManyAttempts(reply, outcome.retryAfter);
      if (!outcome.passed) {
        throw badRequest(said(PASSWORD_WRONG), { currentPassword: said(PASSWORD_WRONG) });
      }
      checkPasswordStrength(newPassword, row?.username, request.lang, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await auditedWrite(app.db, request, async (tx) => {
        await setPasswordHash(tx, caller.id, passwordHash);
        await endSessions(tx, caller.id, 'password-changed', { keep: caller.sessionId });
        return { result: undefined, audit: { resource: 'user', recordId: caller.id, action: 'password', extra: { password: { before: HIDDEN, after: HIDDEN } } } };
      });
      return { message: say(request.messageLang, { uz: 'Parol oʻzgartirildi', ru: 'Пароль изменён', en: 'Password changed' }) };
    },
  );
};

export default profileRoutes;
