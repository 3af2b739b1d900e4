/**
 * The rules a registry `reference` field gives every command of the resources (`resource/writes.ts`), whichever door
 * the write came through: a value it writes must name an existing record (404 naming the field), and a record others
 * still refer to — where the schema's foreign key refuses, not cascades — cannot be deleted (409 naming the first kind
 * of dependents that must go first). Nothing here is written per resource but the wording of the older answers.
 */
import type { DbOrTx } from '../../db/client';
import { RESOURCE_TABLES } from '../../db/tables';
import { conflict, ItemFailed, notFound } from '../../errors';
import { recordLabel, recordWords } from '../../labels';
import { said, type Texts } from '../../messages';
import { existingIds, recordExists } from '../../repos/records';
import { dependentCounts } from '../../repos/references';
import { referencesOf } from '../../../shared/references';

const oneOf = (key: string) => (RESOURCE_TABLES as Record<string, { one: string } | undefined>)[key]?.one ?? key;

/** 404 when a `reference` value written (new, or changed from `current`'s) names no record of its resource. */
export async function checkReferences(db: DbOrTx, key: string, values: Record<string, unknown>, current?: Record<string, unknown>) {
  for (const ref of referencesOf(key)) {
    const value = values[ref.field];
    if (typeof value !== 'string' || !value || value === current?.[ref.field]) continue;
    if (!(await recordExists(db, ref.to, value))) throw notFound(recordLabel(ref.to, oneOf(ref.to)), ref.field);
  }
}

/** `checkReferences` for a batch (an import's apply): one statement per reference; a failure names its item. */
export async function checkReferencesMany(db: DbOrTx, key: string, items: { values: Record<string, unknown>; current?: Record<string, unknown> }[]) {
  for (const ref of referencesOf(key)) {
    const named = items.map(({ values, current }) => {
      const value = values[ref.field];
      return typeof value === 'string' && value && value !== current?.[ref.field] ? value : undefined;
    });
    const wanted = named.filter((v): v is string => v !== undefined);
    if (!wanted.length) continue;
    const found = await existingIds(db, ref.to, wanted);
    const missing = named.findIndex((v) => v !== undefined && !found.has(v));
    if (missing >= 0) throw new ItemFailed(missing, notFound(recordLabel(ref.to, oneOf(ref.to)), ref.field));
  }
}

/** Said of any parent and its dependents: `{parent}` one of it, `{n}` and `{things}` (or `{thing}`, `{list}`) of them. */
const GENERIC: Texts = {
  uz: '{parent}da hali {n} ta {thing} bor; avval ularni oʻchiring',
  ru: 'Нельзя удалить: есть связанные записи «{list}» ({n}); сначала удалите их',
  en: 'The {parent} still has {n} {things}; delete them first',
};

/** The wording the hand-written checks answered before, kept word for word: `<parent>.<dependent>`. */
const WORDED: Record<string, Texts> = {
  'region.cottage': {
    uz: 'Viloyatda hali {n} ta dacha bor; avval ularni koʻchiring yoki oʻchiring',
    ru: 'В области ещё есть дачи ({n}); сначала перенесите или удалите их',
    en: 'The region still has {n} {things}; move or delete them first',
  },
  'region.place': {
    uz: 'Viloyatda hali {n} ta joy bor; avval ularni oʻchiring',
    ru: 'В области ещё есть места ({n}); сначала удалите их',
    en: 'The region still has {n} {things}; delete them first',
  },
  'place.cottage': {
    uz: 'Bu joyda hali {n} ta dacha bor; avval ularni koʻchiring yoki oʻchiring',
    ru: 'В этом месте ещё есть дачи ({n}); сначала перенесите или удалите их',
    en: 'The place still has {n} {things}; move or delete them first',
  },
  'service.tariff': {
    uz: 'Xizmatda hali {n} ta tarif bor; avval ularni oʻchiring',
    ru: 'У услуги ещё есть тарифы ({n}); сначала удалите их',
    en: 'The service still has {n} {things}; delete them first',
  },
  'tariff.order': {
    uz: 'Tarifda {n} ta buyurtma bor; uni oʻchirib boʻlmaydi',
    ru: 'По тарифу есть заказы ({n}); его нельзя удалить',
    en: 'The tariff has {n} {things}; it cannot be deleted',
  },
};

/** 409 while rows that must be deleted first still refer to the record `id` of `key`. */
export async function assertNoDependents(db: DbOrTx, key: string, id: string) {
  const blocking = (await dependentCounts(db, key, id)).find(({ n }) => n > 0);
  if (!blocking) return;
  const { ref, n } = blocking;
  const words = recordWords(ref.from, oneOf(ref.from));
  const parent = recordWords(key, oneOf(key));
  const params = {
    n,
    things: n === 1 ? words.en.one : words.en.many,
    thing: words.uz.one,
    list: words.ru.list,
    parent: said({ uz: parent.uz.one.replace(/^./, (c) => c.toUpperCase()), ru: parent.ru.list, en: oneOf(key).toLowerCase() }),
  };
  throw conflict(said(WORDED[`${key}.${ref.from}`] ?? GENERIC, params));
}
