/**
 * Translations: a code, a type and one definition per language. Records reference them by id; `status` and
 * `translate/unused` are computed from those references, and a translation in use cannot be deleted (409).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { definitions, translations } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { translationCreateSchema, translationEditSchema } from '../../shared/schemas/catalogue';
import { loadOne, registerReads } from '../lib/crud';
import { pageIds, parseListParams, sendList, listQuerySchema } from '../lib/list';
import { assertTranslationUnused } from '../lib/translation-usage';
import { allLanguageCodes } from '../repos/languages';
import { loadTranslations, translationCodeTaken, translationListSpec } from '../repos/translations';
import type { DbOrTx } from '../db/client';
import { idParams } from '../../shared/schemas/common';

export const translationRecord = z.object({
  id: z.string(),
  code: z.string(),
  type: z.string(),
  status: z.enum(['active', 'inactive']),
  value: z.string(),
  definition: z.array(z.object({ value: z.string(), language: z.object({ id: z.string(), code: z.string() }) })),
  usedBy: z.object({ resource: z.string(), id: z.string(), field: z.string(), name: z.string() }).nullable(),
  createdAt: z.date(),
});
const tags = ['translations'];

/** Maps language codes to ids; unknown codes and (when `complete`) missing or empty languages are a 400. */
async function definitionRows(db: DbOrTx, definition: Record<string, string>, complete: boolean) {
  const langs = await allLanguageCodes(db);
  const byCode = new Map(langs.map((l) => [l.code, l.id]));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  for (const code of Object.keys(definition)) {
    if (!byCode.has(code.toLowerCase())) fields[`definition.${code}`] = `There is no language "${code}"`;
    else if (seen.has(code.toLowerCase())) fields[`definition.${code}`] = `"${code}" is given twice`;
    seen.add(code.toLowerCase());
  }
  for (const { code } of langs) {
    const key = Object.keys(definition).find((k) => k.toLowerCase() === code);
    const value = key === undefined ? undefined : definition[key];
    if (complete && !value) fields[`definition.${code}`] = `A definition in "${code}" is required`;
    else if (value !== undefined && !value) fields[`definition.${code}`] = `The definition in "${code}" cannot be empty`;
  }
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, fields);
  return Object.entries(definition).map(([code, value]) => ({ languageId: byCode.get(code.toLowerCase())!, value }));
}

const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.translate;
  const load = (ids: string[], lang: string) => loadTranslations(app.db, ids, lang);
  const reads = { resource: def, label: 'Translation', spec: translationListSpec(), load, record: translationRecord, tags };

  // Registered before the reads so `translate/unused` is never taken for an id.
  app.get(
    `/${def.api.list}/unused`,
    {
      onRequest: app.requirePermission(perm('translate', 'list')),
      schema: { tags, description: 'Translations no record references (computed)', querystring: listQuerySchema, response: { 200: z.array(translationRecord) } },
    },
    async (request, reply) => {
      const params = parseListParams(request.query);
      const { ids, total } = await pageIds(app.db, translationListSpec({ unusedOnly: true })(request.lang), params);
      const records = await load(ids, request.lang);
      const byId = new Map(records.map((r) => [r.id, r]));
      return sendList(reply, def.route, params, total, ids.map((id) => byId.get(id)!).filter(Boolean));
    },
  );
  registerReads(app, reads);

  app.post(
    `/${def.api.create}`,
    {
      onRequest: app.requirePermission(perm('translate', 'create')),
      schema: { tags, body: translationCreateSchema, response: { 201: translationRecord } },
    },
    async (request, reply) => {
      const { code, type, definition } = request.body;
      if (await translationCodeTaken(app.db, code)) throw conflict(`A translation with the code "${code}" already exists`);
      const rows = await definitionRows(app.db, definition, true);
      const id = await app.db.transaction(async (tx) => {
        const [created] = await tx.insert(translations).values({ code, type }).returning({ id: translations.id });
        await tx.insert(definitions).values(rows.map((r) => ({ ...r, translationId: created.id })));
        return created.id;
      });
      return reply.status(201).send(await loadOne(reads, id, request.lang));
    },
  );

  app.patch(
    `/${def.api.update}`,
    {
      onRequest: app.requirePermission(perm('translate', 'edit')),
      schema: { tags, params: idParams, body: translationEditSchema, response: { 200: translationRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const { code, type, definition } = request.body;
      if (code && code !== current.code && (await translationCodeTaken(app.db, code, current.id))) {
        throw conflict(`A translation with the code "${code}" already exists`);
      }
      const rows = definition ? await definitionRows(app.db, definition, false) : [];
      await app.db.transaction(async (tx) => {
        if (code || type) await tx.update(translations).set({ code, type }).where(eq(translations.id, current.id));
        if (rows.length) {
          await tx.delete(definitions).where(and(eq(definitions.translationId, current.id), inArray(definitions.languageId, rows.map((r) => r.languageId))));
          await tx.insert(definitions).values(rows.map((r) => ({ ...r, translationId: current.id })));
        }
      });
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.delete(
    `/${def.api.delete}`,
    {
      onRequest: app.requirePermission(perm('translate', 'delete')),
      schema: { tags, params: idParams, description: '409 while a record uses the translation', response: { 200: translationRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      await app.db.transaction(async (tx) => {
        await assertTranslationUnused(tx, current.id, request.lang);
        await tx.delete(translations).where(eq(translations.id, current.id));
      });
      return current;
    },
  );
};

export default translationRoutes;
