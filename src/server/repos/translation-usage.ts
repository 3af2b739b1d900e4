/**
 * Who uses a translation. Every translated field comes from the registry (`kind: 'translation'`); a translation's `status`,
 * `translate/unused`, the "one use per translation" rule and the delete check are all computed from this list, so
 * there is no flag that can drift.
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { translations } from '../db/schema';
import { anyId, qualified, together } from '../db/sql';
import { RESOURCE_TABLES, translationColumn, type TabledResource } from '../db/tables';
import { resources, type ResourceDef } from '../../shared/resources';
import { HttpError, ItemFailed, notFound, single } from '../errors';
import { recordLabel } from '../labels';
import { said, type Said } from '../messages';
import { translatedText } from '../query/translated';

interface TranslatedField {
  /** The owning resource's key (as in the registry). */
  owner: string;
  /** How a message names the owner, e.g. "cottage type". */
  label: string;
  table: PgTable;
  id: PgColumn;
  /** The API field, e.g. `name`. */
  field: string;
  column: PgColumn;
  /** The translation that names the owning record in messages: the resource's first translated field. */
  title: PgColumn;
}

/** The fields of a resource that are written as translation ids. */
function translatedFields(def: ResourceDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.kind === 'translation')
    .map(([name]) => name);
}

/** Every `kind: 'translation'` field of the registry, with the column it is stored in. */
const TRANSLATED_FIELDS: TranslatedField[] = (Object.keys(RESOURCE_TABLES) as TabledResource[]).flatMap((key) => {
  const fields = translatedFields(resources[key]);
  const { table, one } = RESOURCE_TABLES[key];
  return fields.map((field) => ({
    owner: key,
    label: one.toLowerCase(),
    table,
    id: table.id,
    field,
    column: translationColumn(key, field),
    title: translationColumn(key, fields[0]),
  }));
});

/** SQL: true while any record references the translation id (a column or expression of the outer query). */
export function translationInUse(translationId: PgColumn | SQL = qualified(translations.id)): SQL {
  return or(...TRANSLATED_FIELDS.map((f) => sql`exists (select 1 from ${f.table} where ${f.column} = ${translationId})`))!;
}

/** SQL: the computed status, `active` while used. */
export function translationStatus(translationId: PgColumn | SQL = qualified(translations.id)): SQL<'active' | 'inactive'> {
  return sql<'active' | 'inactive'>`(case when ${translationInUse(translationId)} then 'active' else 'inactive' end)`;
}

interface TranslationUse {
  translationId: string;
  owner: string;
  label: string;
  field: string;
  recordId: string;
  /** The owning record's name in the request language. */
  title: string;
}

/** Every use of these translations. */
export async function translationUses(db: DbOrTx, ids: string[], lang: string): Promise<TranslationUse[]> {
  if (!ids.length) return [];
  const perField = await together(
    db,
    TRANSLATED_FIELDS.map((f) => async () => {
      const rows = await db
        .select({ translationId: f.column, recordId: f.id, title: translatedText(qualified(f.title), lang) })
        .from(f.table)
        .where(anyId(f.column, ids));
      return rows.map((r) => ({
        translationId: String(r.translationId),
        recordId: String(r.recordId),
        title: r.title,
        owner: f.owner,
        label: f.label,
        field: f.field,
      }));
    }),
  );
  return perField.flat();
}

/** "the name of region “Toshkent”" */
function describeUse(use: TranslationUse): Said {
  return said(TEXTS.use, { field: use.field, label: use.label, name: use.title ? `“${use.title}”` : use.recordId });
}

const TEXTS = {
  inUse: { uz: 'Tarjima allaqachon ishlatilmoqda', ru: 'Перевод уже используется', en: 'Translation is already in use' },
  sentTwice: {
    uz: 'Tarjima allaqachon ishlatilmoqda (bir xil tarjima {a} va {b} uchun yuborilgan)',
    ru: 'Перевод уже используется (один и тот же перевод отправлен для {a} и {b})',
    en: 'Translation is already in use (the same translation was sent for {a} and {b})',
  },
  usedBy: { uz: 'Tarjima allaqachon ishlatilmoqda ({use})', ru: 'Перевод уже используется ({use})', en: 'Translation is already in use (by {use})' },
  stillUsed: {
    uz: 'Ishlatilmoqda: {use}; u yerda boshqa tarjimani tanlang yoki avval oʻsha yozuvni oʻchiring',
    ru: 'Используется: {use}; выберите там другой перевод или сначала удалите ту запись',
    en: 'Used by {use}; choose another translation there or delete that {label} first',
  },
  use: { uz: '{label} {name} — {field}', ru: '{label} {name} — {field}', en: 'the {field} of {label} {name}' },
} as const;

interface TranslationClaim {
  /** The API field the translation is written to (for messages and `fields`). */
  field: string;
  id: string | undefined;
}

/**
 * Checks, inside the writing transaction, that each translation exists and backs no other field: one use per
 * translation. Locks the translation rows so two requests cannot claim the same one at once. A record's own current
 * use is fine (re-sending an unchanged id), and so is taking over a field of the same record this write reassigns.
 * Many records' claims are checked at once (a batch of a command): a translation sent twice, for any two, is refused;
 * a refusal names its record (`ItemFailed`), and a batch of one answers the record's own error.
 */
async function claimTranslations(tx: DbOrTx, key: string, records: { recordId?: string; claims: TranslationClaim[] }[], lang: string): Promise<void> {
  const fieldOf = new Map<string, string>();
  for (const [index, { claims }] of records.entries()) {
    for (const c of claims) {
      if (!c.id) continue;
      const other = fieldOf.get(c.id);
      if (other) throw new ItemFailed(index, new HttpError(409, said(TEXTS.sentTwice, { a: other, b: c.field }), { [c.field]: said(TEXTS.inUse) }));
      fieldOf.set(c.id, c.field);
    }
  }
  if (!fieldOf.size) return;
  const ids = [...fieldOf.keys()];
  const known = new Set<string>();
  const uses: TranslationUse[] = [];
  for (let i = 0; i < ids.length; i += CLAIM_CHUNK) {
    const part = ids.slice(i, i + CLAIM_CHUNK);
    for (const r of await tx.select({ id: translations.id }).from(translations).where(anyId(translations.id, part)).for('update')) known.add(r.id);
    uses.push(...(await translationUses(tx, part, lang)));
  }
  const usesOf = new Map<string, TranslationUse[]>();
  for (const u of uses) usesOf.set(u.translationId, [...(usesOf.get(u.translationId) ?? []), u]);
  for (const [index, { recordId, claims }] of records.entries()) {
    const reassigned = new Set(claims.filter((c) => c.id).map((c) => c.field));
    for (const c of claims) {
      if (!c.id) continue;
      if (!known.has(c.id)) throw new ItemFailed(index, notFound(recordLabel('translate', 'Translation'), c.field));
      const foreign = usesOf.get(c.id)?.find((u) => !(u.owner === key && u.recordId === recordId && (u.field === c.field || reassigned.has(u.field))));
      if (foreign) throw new ItemFailed(index, new HttpError(409, said(TEXTS.usedBy, { use: describeUse(foreign) }), { [c.field]: said(TEXTS.inUse) }));
    }
  }
}

/** Translations a claim checks in one statement each. */
const CLAIM_CHUNK = 1000;

/** Locks a translation (so no write can claim it meanwhile) and refuses (409, naming the user) while a record uses it. */
export async function assertTranslationUnused(tx: DbOrTx, id: string, lang: string): Promise<void> {
  await tx.select({ id: translations.id }).from(translations).where(eq(translations.id, id)).for('update');
  const [use] = await translationUses(tx, [id], lang);
  if (use) throw new HttpError(409, said(TEXTS.stillUsed, { use: describeUse(use), label: use.label }));
}

/** Claims (see `claimTranslations`) every translated field of `def` that each record's payload sends. */
export async function claimTranslatedFields(tx: DbOrTx, def: ResourceDef, records: { recordId?: string; data: Record<string, unknown> }[], lang: string) {
  const fields = translatedFields(def);
  const claimed = records.map(({ recordId, data }) => ({ recordId, claims: fields.map((field) => ({ field, id: data[field] as string | undefined })) }));
  const claiming = claimTranslations(tx, def.key, claimed, lang);
  await (records.length === 1 ? single(claiming) : claiming);
}

/** `translatedColumns` typed for the given fields, so a select of them yields typed rows (every value is text). */
export type Translated<F extends string> = Record<F | `${F}TranslateId`, SQL<string>>;

/**
 * The read columns of a resource's translated fields, in registry order: `x` as text in the request language (sortable
 * and searchable) and `xTranslateId`, the translation's id.
 */
export function translatedColumns(key: TabledResource, lang: string): Record<string, SQL<string> | PgColumn> {
  const columns: Record<string, SQL<string> | PgColumn> = {};
  for (const field of translatedFields(resources[key])) {
    const column = translationColumn(key, field);
    columns[field] = translatedText(qualified(column), lang);
    columns[`${field}TranslateId`] = column;
  }
  return columns;
}
