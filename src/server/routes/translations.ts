/**
 * Translations: a code, a type and one definition per language. Records reference them by id; `status` and
 * `translate/unused` are computed from those references, and a translation in use cannot be deleted (409).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../errors';
import { said, type Message } from '../messages';

const TEXTS = {
  noLanguage: { uz: '“{code}” tili yoʻq', ru: 'Языка «{code}» нет', en: 'There is no language "{code}"' },
  twice: { uz: '“{code}” ikki marta berilgan', ru: '«{code}» указан дважды', en: '"{code}" is given twice' },
  required: { uz: '“{code}” tilidagi tarjima majburiy', ru: 'Нужен перевод на «{code}»', en: 'A definition in "{code}" is required' },
  empty: { uz: '“{code}” tilidagi tarjima boʻsh boʻlishi mumkin emas', ru: 'Перевод на «{code}» не может быть пустым', en: 'The definition in "{code}" cannot be empty' },
  codeTaken: { uz: '“{code}” kodli tarjima allaqachon bor', ru: 'Перевод с кодом «{code}» уже есть', en: 'A translation with the code "{code}" already exists' },
} as const;
import { resources } from '../../shared/resources';
import { translationRecord, type TranslationRecord } from '../../shared/records/translation';
import { translationCreateSchema, translationEditSchema } from '../../shared/schemas/catalogue';
import { registerResource } from '../http/resource-routes';
import { allLanguageCodes } from '../repos/languages';
import { assertFree } from '../repos/records';
import {
  deleteTranslation,
  insertTranslation,
  loadTranslations,
  replaceDefinitions,
  translationListSpec,
  updateTranslation,
  type DefinitionRow,
} from '../repos/translations';
import type { DbOrTx } from '../db/client';

/** Maps language codes to ids; unknown codes and (when `complete`) missing or empty languages are a 400. */
async function definitionRows(db: DbOrTx, definition: Record<string, string>, complete: boolean): Promise<DefinitionRow[]> {
  const langs = await allLanguageCodes(db);
  const byCode = new Map(langs.map((l) => [l.code, l.id]));
  const fields: Record<string, Message> = {};
  const seen = new Set<string>();
  for (const code of Object.keys(definition)) {
    if (!byCode.has(code.toLowerCase())) fields[`definition.${code}`] = said(TEXTS.noLanguage, { code });
    else if (seen.has(code.toLowerCase())) fields[`definition.${code}`] = said(TEXTS.twice, { code });
    seen.add(code.toLowerCase());
  }
  for (const { code } of langs) {
    const key = Object.keys(definition).find((k) => k.toLowerCase() === code);
    const value = key === undefined ? undefined : definition[key];
    if (complete && !value) fields[`definition.${code}`] = said(TEXTS.required, { code });
    else if (value !== undefined && !value) fields[`definition.${code}`] = said(TEXTS.empty, { code });
  }
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, fields);
  return Object.entries(definition).map(([code, value]) => ({ languageId: byCode.get(code.toLowerCase())!, value }));
}

const checkCodeFree = (db: DbOrTx, code: string, exceptId?: string) =>
  assertFree(db, 'translate', 'code', code, said(TEXTS.codeTaken, { code }), exceptId);

const translationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, {
    def: resources.translate,
    record: translationRecord,
    load: loadTranslations,
    spec: translationListSpec(),
    // A revert of an edit (a form's or an import's) puts the texts it changed back, each language as it was.
    revertLinks: {
      fields: ['definition'],
      derived: ['value', 'usedBy'],
      write: (tx, id, { definition }) => replaceDefinitions(tx, id, (definition as TranslationRecord['definition']).map((d) => ({ languageId: d.language.id, value: d.value }))),
    },
    views: [{ path: 'unused', description: 'Translations no record references (computed)', spec: translationListSpec({ unusedOnly: true }) }],
    create: {
      body: { schema: translationCreateSchema },
      async write(db, { data: { code, type, definition } }) {
        await checkCodeFree(db, code);
        return insertTranslation(db, { code, type }, await definitionRows(db, definition, true));
      },
    },
    update: {
      body: { schema: translationEditSchema },
      description: 'Definitions given are replaced (others kept); code and type change when sent',
      async write(db, { data: { code, type, definition } }, current) {
        if (code && code !== current.code) await checkCodeFree(db, code, current.id);
        const rows = definition ? await definitionRows(db, definition, false) : [];
        await updateTranslation(db, current.id, { code, type }, rows);
      },
    },
    remove: { description: '409 while a record uses the translation', write: (db, current, request) => deleteTranslation(db, current.id, request.lang) },
  });
};

export default translationRoutes;
