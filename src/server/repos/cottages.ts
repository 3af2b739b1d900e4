/** Cottages as the API shows them: translated region/place/comfort/type names, images, links and live placements. */
import { eq, getTableName, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx, DbOrTx } from '../db/client';
import { cottageComforts, cottageCottageTypes, cottageImages, cottages, places, regions } from '../db/schema';
import { badRequest } from '../errors';
import { said } from '../messages';
import { rankOf, type ListSpec } from '../query/list';
import { kinds } from '../query/filter-kinds';
import { uuidLike } from '../query/ids';
import { nextVersion } from '../query/versions';
import { registrySearch } from '../query/search';
import type { CottageRecord } from '../../shared/records/cottage';
import { SIGNAL_KINDS } from '../../shared/signals';
import { resources } from '../../shared/resources';
import type { ActiveStatus, CottageStatus } from '../../shared/enums';
import { translatedText } from '../query/translated';

const FILTER_TEXTS = {
  ids: { uz: '"{key}" filtri identifikatorlarni qabul qiladi', ru: 'Фильтр «{key}» принимает идентификаторы', en: 'Filter "{key}" takes ids' },
  notAnId: { uz: 'Identifikator emas: {bad}', ru: 'Не идентификатор: {bad}', en: 'Not an id: {bad}' },
  number: { uz: '"{key}" filtri son qabul qiladi', ru: 'Фильтр «{key}» принимает число', en: 'Filter "{key}" takes a number' },
  mustBeNumber: { uz: 'Son boʻlishi kerak', ru: 'Должно быть числом', en: 'Must be a number' },
} as const;

/** The cottage table's name, as a deleted cottage's snapshot keys its row (`snapshots.ts`). */
export const COTTAGE_TABLE = getTableName(cottages);

/** Ids given as a list, one value, or `a,b` (the original's query form). */
function idList(key: string, value: unknown): string[] {
  const raw = Array.isArray(value) ? value : String(value).split(',');
  const ids = raw.map((v) => String(v).trim()).filter(Boolean);
  const bad = ids.find((id) => !uuidLike(id));
  if (bad !== undefined) throw badRequest(said(FILTER_TEXTS.ids, { key }), { [key]: said(FILTER_TEXTS.notAnId, { bad }) });
  return ids;
}

function numeric(key: string, value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n) || String(value).trim() === '') throw badRequest(said(FILTER_TEXTS.number, { key }), { [key]: said(FILTER_TEXTS.mustBeNumber) });
  return n;
}

const hasType = (key: string) => (value: unknown): SQL => {
  const ids = idList(key, value);
  if (!ids.length) return sql`false`;
  return sql`exists (select 1 from ${cottageCottageTypes} where ${cottageCottageTypes.cottageId} = ${cottages.id} and ${inArray(cottageCottageTypes.cottageTypeId, ids)})`;
};
const hasComfort = (key: string) => (value: unknown): SQL => {
  const ids = idList(key, value);
  if (!ids.length) return sql`false`;
  return sql`exists (select 1 from ${cottageComforts} where ${cottageComforts.cottageId} = ${cottages.id} and ${inArray(cottageComforts.comfortId, ids)})`;
};
const SIGNAL_FILTER = {
  uz: '"signal" filtri quyidagilardan birini qabul qiladi: {kinds} (yoki ularning roʻyxatini)',
  ru: 'Фильтр «signal» принимает одно из: {kinds} (или их список)',
  en: 'Filter "signal" takes one of: {kinds} (or a list of them)',
};
/** Cottages with any of the signal kinds given (the GIN index on `signal_kinds`). */
const hasSignal = (value: unknown): SQL => {
  const wanted = Array.isArray(value) ? value : [value];
  if (!wanted.every((k) => typeof k === 'string' && (SIGNAL_KINDS as readonly string[]).includes(k))) {
    const message = said(SIGNAL_FILTER, { kinds: SIGNAL_KINDS.join(', ') });
    throw badRequest(message, { signal: message });
  }
  if (!wanted.length) return sql`false`;
  return sql`${cottages.signalKinds} && array[${sql.join(wanted.map((k) => sql`${k}`), sql`, `)}]::text[]`;
};
const atLeast = (column: AnyColumn, key: string) => (value: unknown) => sql`${column} >= ${numeric(key, value)}`;
const atMost = (column: AnyColumn, key: string) => (value: unknown) => sql`${column} <= ${numeric(key, value)}`;

/**
 * Filters: equality on the columns below (a list means any of them), `cottageType`/`comfort` (cottages linked to any
 * of the given ids), ranges `price_gte`/`price_lte` (also `minPrice`/`maxPrice`, and the same for `priceWeekend` and
 * `rating`), and `q` over name and description.
 */
export const cottageListSpec = (lang: string): ListSpec => {
  const ranges: Record<string, (v: unknown) => SQL> = {};
  for (const [field, column] of [
    ['price', cottages.price],
    ['priceWeekend', cottages.priceWeekend],
    ['rating', cottages.rating],
  ] as const) {
    const cap = field[0].toUpperCase() + field.slice(1);
    ranges[`${field}_gte`] = ranges[`min${cap}`] = atLeast(column, field);
    ranges[`${field}_lte`] = ranges[`max${cap}`] = atMost(column, field);
  }
  const regionRanking = sql`(select array_agg(${regions.id} order by ${translatedText(regions.nameTranslateId, lang)}, ${regions.id}) from ${regions})`;
  const placeRanking = sql`(select array_agg(${places.id} order by ${translatedText(places.nameTranslateId, lang)}, ${places.id}) from ${places})`;
  const spec: ListSpec = {
    table: cottages,
    id: cottages.id,
    fields: {
      name: cottages.name,
      description: cottages.description,
      price: cottages.price,
      priceWeekend: cottages.priceWeekend,
      rating: cottages.rating,
      status: cottages.status,
      cottageStatus: cottages.cottageStatus,
      regionId: cottages.regionId,
      placeId: cottages.placeId,
      userId: cottages.userId,
      latitude: cottages.latitude,
      longitude: cottages.longitude,
      createdAt: cottages.createdAt,
      updatedAt: cottages.updatedAt,
      risk: cottages.risk,
      // Sorting by the translated name: the names are ranked once (an uncorrelated subquery), rows only look up a rank.
      region: rankOf(regionRanking, cottages.regionId),
      place: rankOf(placeRanking, cottages.placeId),
    },
    // A page so sorted walks the regions (places) in name order, each with `cottage (region_id, id)` (migration 0011).
    ranked: { region: { column: cottages.regionId, ranking: regionRanking }, place: { column: cottages.placeId, ranking: placeRanking } },
    search: [],
    filters: {
      ...ranges,
      cottageType: hasType('cottageType'),
      cottageTypes: hasType('cottageTypes'),
      comfort: hasComfort('comfort'),
      comforts: hasComfort('comforts'),
      // Moderation signals (issue #35): cottages with any of the kinds (the GIN index), and a least risk score.
      signal: hasSignal,
      risk_gte: atLeast(cottages.risk, 'risk'),
      // The original's test flag does not exist here; accepted and ignored so old clients keep working.
      isTest: () => undefined,
    },
    kinds: {
      ...Object.fromEntries(Object.keys(ranges).map((name) => [name, kinds.number])),
      cottageType: kinds.uuid,
      cottageTypes: kinds.uuid,
      comfort: kinds.uuid,
      comforts: kinds.uuid,
      signal: { type: 'enum', values: SIGNAL_KINDS },
      risk_gte: kinds.int,
      // A rank (the regions' or places' order by name): what `region=<n>` compares with, as before.
      region: kinds.int,
      place: kinds.int,
    },
    defaultSort: { field: 'createdAt', order: 'desc' },
  };
  // The stored folded text (migration 0021), read by the trigram indexes and checked without folding again.
  const search = registrySearch(resources.cottage, spec.fields, {
    name: (_match, folded) => folded(cottages.nameFold),
    description: (_match, folded) => folded(cottages.descriptionFold),
  });
  return { ...spec, search };
};

// The record's readings (loader, page JSON, export rows) derive from its declaration (`cottage-record.ts`).
export { cottagePageJson, loadCottageExportRows, loadCottages } from './cottage-read';

interface CottageValues {
  name?: string;
  description?: string;
  price?: number;
  priceWeekend?: number;
  regionId?: string;
  placeId?: string;
  latitude?: number | null;
  longitude?: number | null;
  status?: ActiveStatus;
  cottageStatus?: CottageStatus;
  rating?: number;
  userId?: string;
}

const links = (cottageId: string, comfortIds: string[], typeIds: string[]) => ({
  comforts: comfortIds.map((comfortId) => ({ cottageId, comfortId })),
  types: typeIds.map((cottageTypeId, position) => ({ cottageId, cottageTypeId, position })),
});

/** A new cottage with its images (the first is main), comforts and types (in the order given). */
export async function insertCottage(tx: Tx, values: CottageValues & { name: string; price: number; priceWeekend: number; regionId: string; placeId: string }, images: string[], comfortIds: string[], typeIds: string[]): Promise<string> {
  const [row] = await tx.insert(cottages).values(values).returning({ id: cottages.id });
  await tx.insert(cottageImages).values(images.map((image, i) => ({ cottageId: row.id, image, isMainImage: i === 0, position: i })));
  const linked = links(row.id, comfortIds, typeIds);
  if (linked.comforts.length) await tx.insert(cottageComforts).values(linked.comforts);
  if (linked.types.length) await tx.insert(cottageCottageTypes).values(linked.types);
  return row.id;
}

/** Changes the values sent (and `updatedAt`); a list given replaces those links. Nothing sent, nothing written. */
export async function updateCottage(tx: Tx, id: string, values: CottageValues, comfortIds?: string[], typeIds?: string[]) {
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (!Object.keys(changes).length && !comfortIds && !typeIds) return;
  // The version moves with the change, in the same row write (an edit's bump would write the row, and its 16
  // indexes, a second time).
  await tx.update(cottages).set({ ...changes, updatedAt: nextVersion(cottages.updatedAt) }).where(eq(cottages.id, id));
  const linked = links(id, comfortIds ?? [], typeIds ?? []);
  if (comfortIds) {
    await tx.delete(cottageComforts).where(eq(cottageComforts.cottageId, id));
    if (linked.comforts.length) await tx.insert(cottageComforts).values(linked.comforts);
  }
  if (typeIds) {
    await tx.delete(cottageCottageTypes).where(eq(cottageCottageTypes.cottageId, id));
    if (linked.types.length) await tx.insert(cottageCottageTypes).values(linked.types);
  }
}

/** Replaces the main image's file, or makes the image the main one of a cottage that has none. */
export async function setMainImage(db: DbOrTx, cottage: CottageRecord, image: string) {
  const main = cottage.images.find((i) => i.isMainImage);
  if (main) await db.update(cottageImages).set({ image }).where(eq(cottageImages.id, main.id));
  else await db.insert(cottageImages).values({ cottageId: cottage.id, image, isMainImage: true });
}
