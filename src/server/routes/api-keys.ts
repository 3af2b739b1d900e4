/**
 * A user's own API keys (issue #36), for any logged-in user and never through a key (a key cannot make keys): the
 * list (never a token or its hash), create (the token answered this once) and revoke. The permissions a key is given
 * must be the caller's own; the expiry is required, at most a year ahead. Audited under `apiKey`. Revoking is a write,
 * so every process empties its cache of keys before the answer leaves (plugins/changes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../errors';
import { auditedWrite } from '../http/unit-of-work';
import { uuidLike } from '../query/ids';
import { said } from '../messages';
import { idParams } from '../../shared/schemas/common';
import { API_KEY_MAX_DAYS, apiKeyCreated, apiKeyCreateSchema, apiKeyRecord } from '../../shared/schemas/api-key';
import { insertApiKey, newApiKeyToken, revokeApiKey, userApiKeys } from '../repos/api-keys';
import { z } from 'zod';

const TEXTS = {
  key: { uz: 'API kaliti', ru: 'API-ключ', en: 'API key' },
  notHeld: {
    uz: 'Kalitga faqat oʻzingizdagi ruxsatlarni berish mumkin; sizda yoʻq: {codes}',
    ru: 'Ключу можно дать только ваши собственные права; у вас нет: {codes}',
    en: 'A key can only be given permissions you hold; you do not hold: {codes}',
  },
  past: { uz: 'Amal qilish muddati kelajakda boʻlishi kerak', ru: 'Срок действия должен быть в будущем', en: 'The expiry must be in the future' },
  tooFar: {
    uz: 'Amal qilish muddati koʻpi bilan {days} kun keyin',
    ru: 'Срок действия — не более {days} дней вперёд',
    en: 'The expiry is at most {days} days ahead',
  },
} as const;

const AUDIT_KEY = 'apiKey';
const DAY_MS = 86_400_000;

const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const anyUser = app.requirePermission();
  const config = { noApiKey: true };

  app.get(
    '/api-keys',
    { onRequest: anyUser, config, schema: { tags, description: 'The caller’s own API keys, the newest first (never a token)', response: { 200: z.array(apiKeyRecord) } } },
    async (request) => userApiKeys(app.db, request.user!.id),
  );

  app.post(
    '/api-keys',
    {
      onRequest: anyUser,
      config,
      schema: {
        tags,
        description: `Creates an API key of the caller: \`name\`, \`expiresAt\` (at most ${API_KEY_MAX_DAYS} days ahead) and \`permissions\` (codes the caller holds; 422 otherwise). Answers the key with its \`token\` (\`dk_…\`), shown only now; use it as \`Authorization: Bearer dk_…\``,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreated },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { name, expiresAt } = request.body;
      const permissions = [...new Set(request.body.permissions)];
      const missing = permissions.filter((code) => !user.permissions.has(code));
      if (missing.length) {
        const message = said(TEXTS.notHeld, { codes: missing.slice(0, 10).join(', ') });
        throw new HttpError(422, message, { permissions: message });
      }
      if (expiresAt.getTime() <= Date.now()) throw new HttpError(422, said(TEXTS.past), { expiresAt: said(TEXTS.past) });
      if (expiresAt.getTime() > Date.now() + API_KEY_MAX_DAYS * DAY_MS) {
        const message = said(TEXTS.tooFar, { days: API_KEY_MAX_DAYS });
        throw new HttpError(422, message, { expiresAt: message });
      }
      const { token, prefix, hash } = newApiKeyToken();
      const created = await auditedWrite(app.db, request, async (tx) => {
        const after = await insertApiKey(tx, { userId: user.id, name, prefix, hash, permissions, expiresAt });
        return { result: after, audit: { resource: AUDIT_KEY, recordId: after.id, action: 'create', after } };
      });
      return reply.status(201).send({ ...created, token });
    },
  );

  app.delete(
    '/api-keys/:id',
    { onRequest: anyUser, config, schema: { tags, description: 'Revokes one of the caller’s keys (404 when it is not theirs or is revoked already); refused everywhere at once', params: idParams, response: { 200: apiKeyRecord } } },
    async (request) => {
      const { id } = request.params;
      return auditedWrite(app.db, request, async (tx) => {
        const after = uuidLike(id) ? await revokeApiKey(tx, request.user!.id, id) : undefined;
        if (!after) throw notFound(said(TEXTS.key));
        return { result: after, audit: { resource: AUDIT_KEY, recordId: after.id, action: 'delete', before: { ...after, revokedAt: null }, after } };
      });
    },
  );
};

export default apiKeyRoutes;
