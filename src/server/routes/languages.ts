/**
 * Languages: code (≤ 2 letters, unique), title, optional image. Deleting one removes its definitions (the admin asks
 * first; each record says how many it has); the last language cannot be deleted.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../errors';
import { said } from '../messages';

const TEXTS = {
  codeTaken: { uz: '“{code}” kodli til allaqachon bor', ru: 'Язык с кодом «{code}» уже есть', en: 'A language with the code "{code}" already exists' },
  lastLanguage: { uz: 'Oxirgi tilni oʻchirib boʻlmaydi', ru: 'Последний язык нельзя удалить', en: 'The last language cannot be deleted' },
} as const;
import { resources } from '../../shared/resources';
import { languageRecord } from '../../shared/records/language';
import { languageCreateSchema, languageEditSchema } from '../../shared/schemas/catalogue';
import { registerResource } from '../http/resource-routes';
import { languageCount, languageListSpec, loadLanguages } from '../repos/languages';
import { assertFree, deleteRecord, insertRecord, updateRecord } from '../repos/records';
import type { DbOrTx } from '../db/client';

const checkCodeFree = (db: DbOrTx, code: string, exceptId?: string) =>
  assertFree(db, 'language', 'code', code, said(TEXTS.codeTaken, { code }), exceptId);

const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, {
    def: resources.language,
    record: languageRecord,
    load: loadLanguages,
    spec: languageListSpec,
    files: (language) => [language.image],
    create: {
      body: { schema: languageCreateSchema, files: { image: 1 } },
      async write(db, { data, image }) {
        await checkCodeFree(db, data.code);
        return insertRecord(db, 'language', { ...data, image: (await image('image', false)) ?? null });
      },
    },
    update: {
      body: { schema: languageEditSchema, files: { image: 1 } },
      async write(db, { data, image }, current) {
        if (data.code && data.code !== current.code) await checkCodeFree(db, data.code, current.id);
        await updateRecord(db, 'language', current.id, { ...data, image: await image('image', false) });
      },
    },
    image: { write: (db, current, image) => updateRecord(db, 'language', current.id, { image }) },
    remove: {
      description: 'Deletes the language and every definition written in it',
      async check(db) {
        if ((await languageCount(db)) <= 1) throw conflict(said(TEXTS.lastLanguage));
      },
      write: (db, current) => deleteRecord(db, 'language', current.id),
    },
  });
};

export default languageRoutes;
