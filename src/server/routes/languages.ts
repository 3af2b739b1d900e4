/**
 * Languages: code (≤ 2 letters, unique), title, optional image. Deleting one removes its definitions (the admin asks
 * first; each record says how many it has); the last language cannot be deleted.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { languages } from '../db/schema';
import { conflict } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { languageCreateSchema, languageEditSchema } from '../../shared/schemas/catalogue';
import { loadOne, registerReads } from '../lib/crud';
import { fileOf, readValidForm } from '../lib/forms';
import { languageListSpec, loadLanguages } from '../repos/languages';
import type { DbOrTx } from '../db/client';
import { idParams } from '../../shared/schemas/common';

export const languageRecord = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  definitions: z.number(),
  createdAt: z.date(),
});
const tags = ['languages'];

async function checkCodeFree(db: DbOrTx, code: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(and(eq(languages.code, code), exceptId ? ne(languages.id, exceptId) : undefined));
  if (taken) throw conflict(`A language with the code "${code}" already exists`);
}

const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  const def = resources.language;
  const reads = { resource: def, label: 'Language', spec: languageListSpec, load: (ids: string[]) => loadLanguages(app.db, ids), record: languageRecord, tags };
  registerReads(app, reads);

  app.post(
    `/${def.api.create}`,
    {
      onRequest: app.requirePermission(perm('language', 'create')),
      schema: { tags, description: 'JSON or multipart: code, title, image (optional file)', response: { 201: languageRecord } },
    },
    async (request, reply) => {
      const { data, files } = await readValidForm(request, languageCreateSchema, { image: 1 }, 'language');
      await checkCodeFree(app.db, data.code);
      const file = fileOf(files, 'image', false);
      const image = file ? await request.saveImage(file) : null;
      const [row] = await app.db.insert(languages).values({ code: data.code, title: data.title, image }).returning({ id: languages.id });
      return reply.status(201).send(await loadOne(reads, row.id, request.lang));
    },
  );

  app.patch(
    `/${def.api.update}`,
    {
      onRequest: app.requirePermission(perm('language', 'edit')),
      schema: { tags, params: idParams, description: 'JSON or multipart: title (and code); an empty field changes nothing; an image file replaces the image', response: { 200: languageRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const { data, files } = await readValidForm(request, languageEditSchema, { image: 1 }, 'language');
      if (data.code && data.code !== current.code) await checkCodeFree(app.db, data.code, current.id);
      const file = fileOf(files, 'image', false);
      const image = file ? await request.saveImage(file) : undefined;
      const changes = { code: data.code, title: data.title, image };
      if (Object.values(changes).some((v) => v !== undefined)) await app.db.update(languages).set(changes).where(eq(languages.id, current.id));
      if (image) request.removeFileAfterSuccess(current.image);
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.patch(
    `/${def.api.image}`,
    {
      onRequest: app.requirePermission(perm('language', 'edit')),
      schema: { tags, params: idParams, description: 'Multipart: image (required) replaces the language image', response: { 200: languageRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const form = await request.readForm({ image: 1 });
      const image = await request.saveImage(fileOf(form.files, 'image', true)!);
      await app.db.update(languages).set({ image }).where(eq(languages.id, current.id));
      request.removeFileAfterSuccess(current.image);
      return loadOne(reads, current.id, request.lang);
    },
  );

  app.delete(
    `/${def.api.delete}`,
    {
      onRequest: app.requirePermission(perm('language', 'delete')),
      schema: { tags, params: idParams, description: 'Deletes the language and every definition written in it', response: { 200: languageRecord } },
    },
    async (request) => {
      const current = await loadOne(reads, request.params.id, request.lang);
      const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(languages);
      if (n <= 1) throw conflict('The last language cannot be deleted');
      await app.db.delete(languages).where(eq(languages.id, current.id));
      request.removeFileAfterSuccess(current.image);
      return current;
    },
  );
};

export default languageRoutes;
