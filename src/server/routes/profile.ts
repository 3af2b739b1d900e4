/**
 * The caller's own profile, open to every logged-in user without `user.edit`: name, e-mail and photo, and a password
 * change that needs the current password (400 when wrong, behind the login's throttle) and ends the caller's other
 * sessions.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { badRequest, tooManyAttempts } from '../errors';
import { bumpVersion } from '../lib/versions';
import { meRecord } from '../../shared/records/user';
import { PROFILE_PASSWORD_PATH, PROFILE_PATH, passwordChangeSchema, profileEditSchema } from '../../shared/schemas/profile';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { checkPasswordStrength } from '../auth/strength';
import { throttledCheck } from '../auth/throttle';
import { fileOf, readValidForm } from '../lib/forms';
import { formValidator } from '../lib/resource-routes';
import { loadUsers } from '../repos/users';
import { HIDDEN, recordAudit } from '../lib/audit';

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
      const [before] = await app.db.select({ image: users.image }).from(users).where(eq(users.id, caller.id));
      const image = file ? await request.saveImage(file) : undefined;
      const values = {
        name: data.name === undefined ? undefined : data.name || null,
        email: data.email === undefined ? undefined : data.email || null,
        image,
      };
      if (Object.values(values).some((v) => v !== undefined)) {
        const [was] = await loadUsers(app.db, [caller.id]);
        await app.db.transaction(async (tx) => {
          await tx.update(users).set(values).where(eq(users.id, caller.id));
          await bumpVersion(tx, users, caller.id);
          const [now] = await loadUsers(tx, [caller.id]);
          await recordAudit(tx, request, { resource: 'user', recordId: caller.id, action: 'profile', before: was, after: now });
        });
      }
      if (image) request.removeFileAfterSuccess(before?.image);
      return me(caller.id, caller.permissions);
    },
  );

  app.post(
    `/${PROFILE_PASSWORD_PATH}`,
    {
      onRequest: app.requirePermission(),
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
      const [row] = await app.db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
      // A stolen access token must not guess the current password any faster than a login could: the same throttle.
      const outcome = await throttledCheck(app.loginThrottle, { scope: 'password', subject: row?.username ?? caller.id, address: request.ip }, () =>
        verifyPassword(currentPassword, row?.passwordHash),
      );
      if ('retryAfter' in outcome) return tooManyAttempts(reply, outcome.retryAfter);
      if (!outcome.passed) {
        throw badRequest('The current password is wrong', { currentPassword: 'The current password is wrong' });
      }
      checkPasswordStrength(newPassword, row?.username, request.lang, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, caller.id));
        await revokeUserSessions(tx, caller.id, 'password-changed', caller.sessionId);
        await recordAudit(tx, request, { resource: 'user', recordId: caller.id, action: 'password', extra: { password: { before: HIDDEN, after: HIDDEN } } });
      });
      return { message: 'Password changed' };
    },
  );
};

export default profileRoutes;
