/** Cottages as the API shows them: translated region/place/comfort/type names, images, links and live placements. */
import { and, asc, desc, eq, getTableColumns, getTableName, gt, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client';
import {
  comforts,
  cottageComforts,
  cottageCottageTypes,
  cottageImages,
  cottages,
  cottageTypes,
  places,
  premiumPlacements,
  regions,
} from '../db/schema';
import { anyId, qualified, rowsOf, together } from '../db/sql';
import { badRequest } from '../errors';
import { said } from '../messages';
import { rankOf, type ListSpec } from '../query/list';
import { kinds } from '../query/filter-kinds';
import { uuidLike } from '../query/ids';
import { registrySearch } from '../query/search';
import { cottageImageRecord, cottageRecord, type CottageRecord } from '../../shared/records/cottage';
import { placementRecord } from '../../shared/records/placement';
import { SIGNAL_KINDS } from '../../shared/signals';
import { resources } from '../../shared/resources';
import { DEFAULT_LANGUAGE, type ActiveStatus, type CottageStatus } from '../../shared/enums';
import { idOf, nameOf, translatedNames, translatedText } from '../query/translated';
import { isoText, JsonText, jsonList, jsonObjectOf, LANG, pageJsonOf } from '../query/page-json';

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
  return { ...spec, search: registrySearch(resources.cottage, spec.fields) };
};

/**
 * The cottage's own columns, each under its record field, declared once: the loader selects them, the page JSON renders
 * them (`jsonObjectOf`, by the record's types) and the export rows take them (times as ISO text). Only the nested fields
 * (region, place, images, comforts, types and placements) have a form of their own in each of the three.
 */
const COTTAGE_COLUMNS = {
  id: cottages.id,
  name: cottages.name,
  description: cottages.description,
  price: cottages.price,
  priceWeekend: cottages.priceWeekend,
  regionId: cottages.regionId,
  placeId: cottages.placeId,
  latitude: cottages.latitude,
  longitude: cottages.longitude,
  status: cottages.status,
  cottageStatus: cottages.cottageStatus,
  rating: cottages.rating,
  userId: cottages.userId,
  createdAt: cottages.createdAt,
  updatedAt: cottages.updatedAt,
  risk: cottages.risk,
  signalKinds: cottages.signalKinds,
} as const satisfies { [K in keyof CottageRecord]?: PgColumn };

/**
 * The nested fields' columns (their translated names aside) and the order a cottage lists them in, each under its
 * record field too: the loader selects them, the page JSON renders them, the export rows order their cells by them.
 */
const regionColumns = { id: regions.id, nameTranslateId: regions.nameTranslateId };
const placeColumns = { id: places.id, nameTranslateId: places.nameTranslateId, image: places.image, regionId: places.regionId };
/** An image's columns are its record (`cottageImageRecord`); the main one first, then by age. */
const imageColumns = getTableColumns(cottageImages);
const imageOrder = [desc(cottageImages.isMainImage), asc(cottageImages.createdAt), asc(cottageImages.id)];
const comfortColumns = { id: comforts.id, nameTranslateId: comforts.nameTranslateId, image: comforts.image };
const comfortOrder = [asc(comforts.createdAt), asc(comforts.id)];
const typeColumns = { id: cottageTypes.id, nameTranslateId: cottageTypes.nameTranslateId, image: cottageTypes.image, hidePrice: cottageTypes.hidePrice };
/** Types in the order the cottage was given them. */
const typeOrder = [asc(cottageCottageTypes.position), asc(cottageCottageTypes.cottageTypeId)];
/** A running placement's columns. */
const placementColumns = {
  id: premiumPlacements.id,
  cottageId: premiumPlacements.cottageId,
  serviceCode: premiumPlacements.serviceCode,
  priority: premiumPlacements.priority,
  tariffId: premiumPlacements.tariffId,
  orderId: premiumPlacements.orderId,
  createdAt: premiumPlacements.createdAt,
  expireAt: premiumPlacements.expireAt,
  endedAt: premiumPlacements.endedAt,
};
const livePlacement = and(isNull(premiumPlacements.endedAt), gt(premiumPlacements.expireAt, sql`now()`))!;
/** The order a cottage's running placements are shown in. */
const placementOrder = [desc(premiumPlacements.priority), asc(premiumPlacements.expireAt)];
const orderBy = (order: SQL[]) => sql.join(order, sql`, `);

export async function loadCottages(db: DbOrTx, ids: string[], lang: string): Promise<CottageRecord[]> {
  if (!ids.length) return [];
  // The catalogue records these cottages use, for `translatedNames` (a column of a cottage or of a link table).
  const ofBatch = (column: PgColumn) => sql`select ${qualified(column)} from ${cottages} where ${anyId(cottages.id, ids)}`;
  const linkedIn = (column: PgColumn, cottageId: PgColumn) => sql`select ${qualified(column)} from ${column.table} where ${anyId(qualified(cottageId), ids)}`;
  const [rows, images, comfortRows, typeRows, placements] = await together(db, [
    () => db
      .select({
        ...COTTAGE_COLUMNS,
        region: { ...regionColumns, name: nameOf('region_name') },
        place: { ...placeColumns, name: nameOf('place_name') },
      })
      .from(cottages)
      .innerJoin(regions, eq(regions.id, cottages.regionId))
      .innerJoin(places, eq(places.id, cottages.placeId))
      .innerJoin(translatedNames('region_name', regions, regions.id, regions.nameTranslateId, lang, ofBatch(cottages.regionId)), eq(idOf('region_name'), cottages.regionId))
      .innerJoin(translatedNames('place_name', places, places.id, places.nameTranslateId, lang, ofBatch(cottages.placeId)), eq(idOf('place_name'), cottages.placeId))
      .where(anyId(cottages.id, ids)),
    () => db
      .select(imageColumns)
      .from(cottageImages)
      .where(anyId(cottageImages.cottageId, ids))
      .orderBy(...imageOrder),
    () => db
      .select({
        cottageId: cottageComforts.cottageId,
        ...comfortColumns,
        name: nameOf('comfort_name'),
      })
      .from(cottageComforts)
      .innerJoin(comforts, eq(comforts.id, cottageComforts.comfortId))
      .innerJoin(translatedNames('comfort_name', comforts, comforts.id, comforts.nameTranslateId, lang, linkedIn(cottageComforts.comfortId, cottageComforts.cottageId)), eq(idOf('comfort_name'), comforts.id))
      .where(anyId(cottageComforts.cottageId, ids))
      .orderBy(...comfortOrder),
    () => db
      .select({
        cottageId: cottageCottageTypes.cottageId,
        ...typeColumns,
        name: nameOf('type_name'),
      })
      .from(cottageCottageTypes)
      .innerJoin(cottageTypes, eq(cottageTypes.id, cottageCottageTypes.cottageTypeId))
      .innerJoin(translatedNames('type_name', cottageTypes, cottageTypes.id, cottageTypes.nameTranslateId, lang, linkedIn(cottageCottageTypes.cottageTypeId, cottageCottageTypes.cottageId)), eq(idOf('type_name'), cottageTypes.id))
      .where(anyId(cottageCottageTypes.cottageId, ids))
      .orderBy(...typeOrder),
    () => db
      .select(placementColumns)
      .from(premiumPlacements)
      .where(and(anyId(premiumPlacements.cottageId, ids), livePlacement))
      .orderBy(...placementOrder),
  ]);
  const group = <T extends { cottageId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) {
      const own = map.get(item.cottageId);
      if (own) own.push(item);
      else map.set(item.cottageId, [item]);
    }
    return map;
  };
  const imagesBy = group(images);
  const comfortsBy = group(comfortRows);
  const typesBy = group(typeRows);
  const placementsBy = group(placements);
  // The record's keys are put in its order when it is encoded (the answer, the page JSON test), not here.
  return rows.map((own) => {
    const images = imagesBy.get(own.id) ?? [];
    return {
      ...own,
      mainImage: images.find((i) => i.isMainImage)?.image ?? null,
      images,
      comforts: (comfortsBy.get(own.id) ?? []).map(({ cottageId: _, ...c }) => c),
      cottageType: (typesBy.get(own.id) ?? []).map(({ cottageId: _, ...c }) => c),
      premiumCottages: placementsBy.get(own.id) ?? [],
    };
  });
}

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
  await tx.insert(cottageImages).values(images.map((image, i) => ({ cottageId: row.id, image, isMainImage: i === 0 })));
  const linked = links(row.id, comfortIds, typeIds);
  if (linked.comforts.length) await tx.insert(cottageComforts).values(linked.comforts);
  if (linked.types.length) await tx.insert(cottageCottageTypes).values(linked.types);
  return row.id;
}

/** Changes the values sent (and `updatedAt`); a list given replaces those links. Nothing sent, nothing written. */
export async function updateCottage(tx: Tx, id: string, values: CottageValues, comfortIds?: string[], typeIds?: string[]) {
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (!Object.keys(changes).length && !comfortIds && !typeIds) return;
  await tx.update(cottages).set({ ...changes, updatedAt: new Date() }).where(eq(cottages.id, id));
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

/**
 * The CSV export's rows of these cottages, built by the database in one statement: the record's fields with the nested
 * ones already as their cell text (region and place by name, comforts and types as "a; b", image paths, the running
 * placements' services), so a 100 000-row export parses one flat row per cottage instead of five result sets and
 * their records. `test/list-kit.test.ts` checks them against the cells of the full records.
 */
/** The own columns of an export row: as the record has them, times as ISO text (what a cell shows of a date). */
const exportedColumns = sql.join(
  Object.entries(COTTAGE_COLUMNS).map(([key, column]) => sql`${column.dataType === 'date' ? isoText(column) : column} as ${sql.identifier(key)}`),
  sql`, `,
);

export async function loadCottageExportRows(db: DbOrTx, ids: string[], lang: string): Promise<{ id: string }[]> {
  if (!ids.length) return [];
  const batch = anyId(sql`c.id`, ids);
  const names = (alias: string, table: PgTable, translationId: PgColumn, which: SQL) =>
    sql`${sql.identifier(alias)} as materialized (select ${table}.id, ${translatedText(translationId, lang)} as name from ${table} where ${table}.id in (${which}))`;
  const result = await db.execute(sql`
    with ${names('region_name', regions, regions.nameTranslateId, sql`select c.region_id from ${cottages} c where ${batch}`)},
      ${names('place_name', places, places.nameTranslateId, sql`select c.place_id from ${cottages} c where ${batch}`)},
      ${names('comfort_name', comforts, comforts.nameTranslateId, sql`select cc.comfort_id from ${cottageComforts} cc where ${anyId(sql`cc.cottage_id`, ids)}`)},
      ${names('type_name', cottageTypes, cottageTypes.nameTranslateId, sql`select ct.cottage_type_id from ${cottageCottageTypes} ct where ${anyId(sql`ct.cottage_id`, ids)}`)}
    select ${exportedColumns},
      image.main as "mainImage", image.list as images,
      (select string_agg(n.name, '; ' order by ${orderBy(comfortOrder)}) from ${cottageComforts}
        join ${comforts} on ${comforts.id} = ${cottageComforts.comfortId} join comfort_name n on n.id = ${comforts.id}
        where ${cottageComforts.cottageId} = ${cottages.id}) as comforts,
      (select string_agg(n.name, '; ' order by ${orderBy(typeOrder)}) from ${cottageCottageTypes}
        join type_name n on n.id = ${cottageCottageTypes.cottageTypeId} where ${cottageCottageTypes.cottageId} = ${cottages.id}) as "cottageType",
      region_name.name as region, place_name.name as place,
      (select string_agg(${premiumPlacements.serviceCode}, '; ' order by ${orderBy(placementOrder)}) from ${premiumPlacements}
        where ${premiumPlacements.cottageId} = ${cottages.id} and ${livePlacement}) as "premiumCottages"
    from ${cottages}
    join region_name on region_name.id = ${cottages.regionId}
    join place_name on place_name.id = ${cottages.placeId}
    cross join lateral (select min(${cottageImages.image}) filter (where ${cottageImages.isMainImage}) as main,
        string_agg(${cottageImages.image}, '; ' order by ${orderBy(imageOrder)}) as list
      from ${cottageImages} where ${cottageImages.cottageId} = ${cottages.id}) as image
    where ${anyId(cottages.id, ids)}`);
  return rowsOf<{ id: string }>(result);
}

/**
 * A page of cottages as the JSON the list answers (the list's fast path, `query/page-json.ts`): one statement builds what
 * `loadCottages` reads in five and the route encodes. The small catalogues a cottage shows (regions, places, comforts,
 * cottage types) are written as JSON once per page, each record with its translated name, and a cottage's row only
 * joins their text: no name look-up nor JSON building per cottage for them (docs/decisions.md, "Cold pages").
 */
/** A cottage's images as one JSON array (null when none), aggregated over its `cottage_image` rows. */
const imagesJson = new JsonText(sql`'[' || string_agg(${jsonObjectOf(cottageImageRecord, imageColumns, 'cottage image').text}, ',' order by ${orderBy(imageOrder)}) || ']'`);
/** A catalogue table's records as `alias(id, json, <keep>)`, each named from the `names` CTE ('' when it has none). */
const catalogueJson = (alias: string, table: PgTable, translationId: PgColumn, json: (name: SQL) => JsonText, keep: SQL = sql``) =>
  sql`${sql.identifier(alias)} as materialized (select ${table}.id, ${json(sql`coalesce(n.name, '')`).text} as json${keep}
    from ${table} left join names n on n.id = ${translationId})`;

export const cottagePageJson = pageJsonOf({
  table: cottages,
  id: cottages.id,
  // Every catalogue name, looked up in one pass over their definitions: the first by language (the request's, the
  // default, then any), as `translatedText` picks it. Then each catalogue record's JSON, once.
  with: sql`
    names as materialized (select distinct on (d.translation_id) d.translation_id as id, d.value as name
      from definition d join language l on l.id = d.language_id
      where d.translation_id in (
        select r.name_translate_id from ${regions} r
        union all select p.name_translate_id from ${places} p
        union all select m.name_translate_id from ${comforts} m
        union all select t.name_translate_id from ${cottageTypes} t)
      order by d.translation_id, case l.code when ${LANG} then 0 when ${DEFAULT_LANGUAGE} then 1 else 2 end, l.created_at, l.code),
    ${catalogueJson('region_json', regions, regions.nameTranslateId, (name) => jsonObjectOf(cottageRecord.shape.region, { ...regionColumns, name }, 'region'))},
    ${catalogueJson('place_json', places, places.nameTranslateId, (name) => jsonObjectOf(cottageRecord.shape.place, { ...placeColumns, name }, 'place'))},
    ${catalogueJson('comfort_json', comforts, comforts.nameTranslateId, (name) => jsonObjectOf(cottageRecord.shape.comforts.element, { ...comfortColumns, name }, 'comfort'), sql`, ${comforts.createdAt} as created_at`)},
    ${catalogueJson('type_json', cottageTypes, cottageTypes.nameTranslateId, (name) => jsonObjectOf(cottageRecord.shape.cottageType.element, { ...typeColumns, name }, 'cottage type'))}`,
  // The images once per cottage: the list and the main one from the same rows.
  joins: sql`
    join region_json on region_json.id = cottage.region_id
    join place_json on place_json.id = cottage.place_id
    cross join lateral (select (array_agg(${cottageImages.image} order by ${cottageImages.createdAt}, ${cottageImages.id}) filter (where ${cottageImages.isMainImage}))[1] as main,
        ${imagesJson.text} as list
      from ${cottageImages} where ${cottageImages.cottageId} = cottage.id) as image`,
  object: jsonObjectOf(
    cottageRecord,
    {
      ...COTTAGE_COLUMNS,
      mainImage: sql`image.main`,
      images: new JsonText(sql`coalesce(image.list, '[]')`),
      // In the catalogue's order (`comfortOrder`), as the loader reads them.
      comforts: jsonList(
        new JsonText(sql`c.json`),
        sql`from ${cottageComforts} join comfort_json c on c.id = ${cottageComforts.comfortId} where ${cottageComforts.cottageId} = cottage.id`,
        sql`c.created_at, c.id`,
      ),
      cottageType: jsonList(
        new JsonText(sql`t.json`),
        sql`from ${cottageCottageTypes} join type_json t on t.id = ${cottageCottageTypes.cottageTypeId} where ${cottageCottageTypes.cottageId} = cottage.id`,
        orderBy(typeOrder),
      ),
      region: new JsonText(sql`region_json.json`),
      place: new JsonText(sql`place_json.json`),
      premiumCottages: jsonList(
        jsonObjectOf(placementRecord, placementColumns, 'placement'),
        sql`from ${premiumPlacements} where ${premiumPlacements.cottageId} = cottage.id and ${livePlacement}`,
        sql.join(placementOrder, sql`, `),
      ),
    },
    'cottage',
  ),
});
