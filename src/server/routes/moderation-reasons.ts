/**
 * Rejection reason templates (issue #25): list, one, create, edit, delete — all with `cottage.moderate`, the desk's
 * users being the ones who keep them. Writes are audited under `moderationReason` (not a registry resource: see
 * docs/decisions.md, "Claims, Undo and reason templates").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../errors';
import { auditedWrite } from '../http/unit-of-work';
import { uuidLike } from '../query/ids';
import type { DbOrTx } from '../db/client';
import { perm } from '../../shared/permissions';
import { idParams } from '../../shared/schemas/common';
import {
  MODERATION_REASON_API as API,
  MODERATION_REASONS_MAX,
  moderationReasonCreateSchema,
  moderationReasonEditSchema,
  moderationReasonRecord,
} from '../../shared/schemas/moderation-reason';
import {
  deleteModerationReason,
  insertModerationReason,
  moderationReasonById,
  moderationReasonCount,
  moderationReasonList,
  updateModerationReason,
} from '../repos/moderation-reasons';
import { said } from '../messages';

const TEXTS = {
  template: { uz: 'Sabab shabloni', ru: 'Шаблон причины', en: 'Reason template' },
  tooMany: {
    uz: 'Sabab shablonlari allaqachon {max} ta; avval keraksizini oʻchiring',
    ru: 'Шаблонов причин уже {max}; сначала удалите ненужный',
    en: 'There are already {max} reason templates; delete one you no longer use first',
  },
} as const;

const tags = ['moderationReason'];
const AUDIT_KEY = 'moderationReason';

const moderationReasonRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission(perm('cottage', 'moderate'));
  const load = async (id: string, db: DbOrTx = app.db) => {
    const row = uuidLike(id) ? await moderationReasonById(db, id) : undefined;
    if (!row) throw notFound(said(TEXTS.template));
    return row;
  };

  app.get(
    `/${API.list}`,
    {
      onRequest: guard,
      schema: { tags, description: "The rejection reason templates in the desk's order (`position`, then age); each in uz, ru and en", response: { 200: moderationReasonRecord.array() } },
    },
    async () => moderationReasonList(app.db),
  );

  app.get(
    `/${API.one}`,
    { onRequest: guard, schema: { tags, description: 'One reason template', params: idParams, response: { 200: moderationReasonRecord } } },
    async (request) => load(request.params.id),
  );

  app.post(
    `/${API.create}`,
    {
      onRequest: guard,
      schema: {
        tags,
        description: `Adds a reason template: uz, ru and en each 1–500 characters, \`position\` (a whole number) optional — last by default; 409 when there are ${MODERATION_REASONS_MAX} already`,
        body: moderationReasonCreateSchema,
        response: { 201: moderationReasonRecord },
      },
    },
    async (request, reply) => {
      const created = await auditedWrite(app.db, request, async (tx) => {
        if ((await moderationReasonCount(tx)) >= MODERATION_REASONS_MAX) {
          throw conflict(said(TEXTS.tooMany, { max: MODERATION_REASONS_MAX }));
        }
        const after = await load(await insertModerationReason(tx, request.body), tx);
        return { result: after, audit: { resource: AUDIT_KEY, recordId: after.id, action: 'create', after } };
      });
      return reply.status(201).send(created);
    },
  );

  app.patch(
    `/${API.update}`,
    {
      onRequest: guard,
      schema: { tags, description: 'Edits a reason template: only what is sent changes', params: idParams, body: moderationReasonEditSchema, response: { 200: moderationReasonRecord } },
    },
    async (request) => {
      const current = await load(request.params.id);
      return auditedWrite(app.db, request, async (tx) => {
        await updateModerationReason(tx, current.id, request.body);
        const after = await load(current.id, tx);
        return { result: after, audit: { resource: AUDIT_KEY, recordId: current.id, action: 'edit', before: current, after } };
      });
    },
  );

  app.delete(
    `/${API.delete}`,
    {
      onRequest: guard,
      schema: { tags, description: 'Deletes a reason template and answers it as it was', params: idParams, response: { 200: moderationReasonRecord } },
    },
    async (request) => {
      const current = await load(request.params.id);
      return auditedWrite(app.db, request, async (tx) => {
        await deleteModerationReason(tx, current.id);
        return { result: current, audit: { resource: AUDIT_KEY, recordId: current.id, action: 'delete', before: current } };
      });
    },
  );
};

export default moderationReasonRoutes;
