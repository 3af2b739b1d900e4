/** Cottages as the API shows them: translated region/place/comfort/type names, images, links and live placements. */
import { and, asc, desc, eq, gt, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';
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
import { parseListParams, type ListParams, type ListSpec } from '../lib/list';
import { uuidLike } from '../lib/resource-routes';
import { registrySearch } from '../lib/search';
import { cottageImageRecord, cottageRecord, type CottageRecord } from '../../shared/records/cottage';
import { placementRecord } from '../../shared/records/placement';
import { resources } from '../../shared/resources';
import { DEFAULT_LANGUAGE, type ActiveStatus, type CottageStatus } from '../../shared/enums';
import { idOf, nameOf, translatedNames, translatedText } from '../lib/translated';
import { IDS, isoText, JsonText, jsonList, jsonObjectOf, LANG, pageJsonOf, uuidJson } from '../lib/page-json';

/** Ids given as a list, one value, or `a,b` (the original's query form). */
function idList(key: string, value: unknown): string[] {
  const raw = Array.isArray(value) ? value : String(value).split(',');
  const ids = raw.map((v) => String(v).trim()).filter(Boolean);
  const bad = ids.find((id) => !uuidLike(id));
  if (bad !== undefined) throw badRequest(`Filter "${key}" takes ids`, { [key]: `Not an id: ${bad}` });
  return ids;
}

function numeric(key: string, value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n) || String(value).trim() === '') throw badRequest(`Filter "${key}" takes a number`, { [key]: 'Must be a number' });
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
      // Sorting by the translated name: the names are ranked once (an uncorrelated subquery), rows only look up a rank.
      region: sql`array_position((select array_agg(${regions.id} order by ${translatedText(regions.nameTranslateId, lang)}) from ${regions}), ${cottages.regionId})`,
      place: sql`array_position((select array_agg(${places.id} order by ${translatedText(places.nameTranslateId, lang)}) from ${places}), ${cottages.placeId})`,
    },
    search: [],
    filters: {
      ...ranges,
      cottageType: hasType('cottageType'),
      cottageTypes: hasType('cottageTypes'),
      comfort: hasComfort('comfort'),
      comforts: hasComfort('comforts'),
      // The original's test flag does not exist here; accepted and ignored so old clients keep working.
      isTest: () => undefined,
    },
    defaultSort: { field: 'createdAt', order: 'desc' },
  };
  return { ...spec, search: registrySearch(resources.cottage, spec.fields) };
};

/** The original's query parameters (`?minPrice=…&sortField=price`) folded into the DESIGN §5 ones. */
const LEGACY_COTTAGE_QUERY = [
  'cottageStatus', 'status', 'placeId', 'regionId', 'comforts', 'cottageTypes', 'minPrice', 'maxPrice',
  'minPriceWeekend', 'maxPriceWeekend', 'minRating', 'maxRating', 'isTest',
] as const;

/** The list parameters of a cottage list: DESIGN §5 ones, with the original's folded in; explicit `filter`/`sort` win. */
export function cottageListParams(query: Record<string, unknown>): ListParams {
  const params = parseListParams(query);
  for (const key of LEGACY_COTTAGE_QUERY) {
    if (query[key] !== undefined && params.filter[key] === undefined) params.filter[key] = query[key];
  }
  if (!params.sort && typeof query.sortField === 'string') {
    const order = String(query.sortOrder ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw badRequest('sortOrder must be asc or desc', { sortOrder: 'Invalid value' });
    params.sort = { field: query.sortField, order };
  }
  return params;
}

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
export const livePlacement = and(isNull(premiumPlacements.endedAt), gt(premiumPlacements.expireAt, sql`now()`));

export async function loadCottages(db: DbOrTx, ids: string[], lang: string): Promise<CottageRecord[]> {
  if (!ids.length) return [];
  // The catalogue records these cottages use, for `translatedNames` (a column of a cottage or of a link table).
  const ofBatch = (column: PgColumn) => sql`select ${qualified(column)} from ${cottages} where ${anyId(cottages.id, ids)}`;
  const linkedIn = (column: PgColumn, cottageId: PgColumn) => sql`select ${qualified(column)} from ${column.table} where ${anyId(qualified(cottageId), ids)}`;
  const [rows, images, comfortRows, typeRows, placements] = await together(db, [
    () => db
      .select({
        id: cottages.id,
        name: cottages.name,
        description: cottages.description,
        price: cottages.price,
        priceWeekend: cottages.priceWeekend,
        latitude: cottages.latitude,
        longitude: cottages.longitude,
        status: cottages.status,
        cottageStatus: cottages.cottageStatus,
        rating: cottages.rating,
        userId: cottages.userId,
        regionId: cottages.regionId,
        placeId: cottages.placeId,
        createdAt: cottages.createdAt,
        updatedAt: cottages.updatedAt,
        regionName: nameOf('region_name'),
        regionNameId: regions.nameTranslateId,
        placeName: nameOf('place_name'),
        placeNameId: places.nameTranslateId,
        placeImage: places.image,
        placeRegionId: places.regionId,
      })
      .from(cottages)
      .innerJoin(regions, eq(regions.id, cottages.regionId))
      .innerJoin(places, eq(places.id, cottages.placeId))
      .innerJoin(translatedNames('region_name', regions, regions.id, regions.nameTranslateId, lang, ofBatch(cottages.regionId)), eq(idOf('region_name'), cottages.regionId))
      .innerJoin(translatedNames('place_name', places, places.id, places.nameTranslateId, lang, ofBatch(cottages.placeId)), eq(idOf('place_name'), cottages.placeId))
      .where(anyId(cottages.id, ids)),
    () => db
      .select()
      .from(cottageImages)
      .where(anyId(cottageImages.cottageId, ids))
      .orderBy(desc(cottageImages.isMainImage), asc(cottageImages.createdAt), asc(cottageImages.id)),
    () => db
      .select({
        cottageId: cottageComforts.cottageId,
        id: comforts.id,
        name: nameOf('comfort_name'),
        nameTranslateId: comforts.nameTranslateId,
        image: comforts.image,
      })
      .from(cottageComforts)
      .innerJoin(comforts, eq(comforts.id, cottageComforts.comfortId))
      .innerJoin(translatedNames('comfort_name', comforts, comforts.id, comforts.nameTranslateId, lang, linkedIn(cottageComforts.comfortId, cottageComforts.cottageId)), eq(idOf('comfort_name'), comforts.id))
      .where(anyId(cottageComforts.cottageId, ids))
      .orderBy(asc(comforts.createdAt), asc(comforts.id)),
    () => db
      .select({
        cottageId: cottageCottageTypes.cottageId,
        id: cottageTypes.id,
        name: nameOf('type_name'),
        nameTranslateId: cottageTypes.nameTranslateId,
        image: cottageTypes.image,
        hidePrice: cottageTypes.hidePrice,
      })
      .from(cottageCottageTypes)
      .innerJoin(cottageTypes, eq(cottageTypes.id, cottageCottageTypes.cottageTypeId))
      .innerJoin(translatedNames('type_name', cottageTypes, cottageTypes.id, cottageTypes.nameTranslateId, lang, linkedIn(cottageCottageTypes.cottageTypeId, cottageCottageTypes.cottageId)), eq(idOf('type_name'), cottageTypes.id))
      .where(anyId(cottageCottageTypes.cottageId, ids))
      .orderBy(asc(cottageCottageTypes.position), asc(cottageTypes.id)),
    () => db
      .select(placementColumns)
      .from(premiumPlacements)
      .where(and(anyId(premiumPlacements.cottageId, ids), livePlacement))
      .orderBy(desc(premiumPlacements.priority), asc(premiumPlacements.expireAt)),
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
  return rows.map((r) => {
    const own = imagesBy.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      price: r.price,
      priceWeekend: r.priceWeekend,
      mainImage: own.find((i) => i.isMainImage)?.image ?? null,
      images: own,
      comforts: (comfortsBy.get(r.id) ?? []).map(({ cottageId: _, ...c }) => c),
      cottageType: (typesBy.get(r.id) ?? []).map(({ cottageId: _, ...c }) => c),
      regionId: r.regionId,
      region: { id: r.regionId, name: r.regionName, nameTranslateId: r.regionNameId },
      placeId: r.placeId,
      place: { id: r.placeId, name: r.placeName, nameTranslateId: r.placeNameId, image: r.placeImage, regionId: r.placeRegionId },
      latitude: r.latitude,
      longitude: r.longitude,
      status: r.status,
      cottageStatus: r.cottageStatus,
      rating: r.rating,
      userId: r.userId,
      premiumCottages: placementsBy.get(r.id) ?? [],
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  });
}

export interface CottageValues {
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
export async function insertCottage(db: Db, values: CottageValues & { name: string; price: number; priceWeekend: number; regionId: string; placeId: string }, images: string[], comfortIds: string[], typeIds: string[]): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(cottages).values(values).returning({ id: cottages.id });
    await tx.insert(cottageImages).values(images.map((image, i) => ({ cottageId: row.id, image, isMainImage: i === 0 })));
    const linked = links(row.id, comfortIds, typeIds);
    if (linked.comforts.length) await tx.insert(cottageComforts).values(linked.comforts);
    if (linked.types.length) await tx.insert(cottageCottageTypes).values(linked.types);
    return row.id;
  });
}

/** Changes the values sent (and `updatedAt`); a list given replaces those links. Nothing sent, nothing written. */
export async function updateCottage(db: Db, id: string, values: CottageValues, comfortIds?: string[], typeIds?: string[]) {
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (!Object.keys(changes).length && !comfortIds && !typeIds) return;
  await db.transaction(async (tx) => {
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
  });
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
 * their records. `exportRows.test` checks them against the cells of the full records.
 */
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
    select c.id, c.name, c.description, c.price, c.price_weekend as "priceWeekend",
      image.main as "mainImage", image.list as images,
      (select string_agg(n.name, '; ' order by m.created_at, m.id) from ${cottageComforts} cc
        join ${comforts} m on m.id = cc.comfort_id join comfort_name n on n.id = m.id where cc.cottage_id = c.id) as comforts,
      (select string_agg(n.name, '; ' order by ct.position, ct.cottage_type_id) from ${cottageCottageTypes} ct
        join type_name n on n.id = ct.cottage_type_id where ct.cottage_id = c.id) as "cottageType",
      region_name.name as region, place_name.name as place, c.latitude, c.longitude, c.status,
      c.cottage_status as "cottageStatus", c.rating, c.user_id as "userId",
      (select string_agg(p.service_code, '; ' order by p.priority desc, p.expire_at) from ${premiumPlacements} p
        where p.cottage_id = c.id and p.ended_at is null and p.expire_at > now()) as "premiumCottages",
      ${isoText(sql`c.created_at`)} as "createdAt", ${isoText(sql`c.updated_at`)} as "updatedAt"
    from ${cottages} c
    join region_name on region_name.id = c.region_id
    join place_name on place_name.id = c.place_id
    cross join lateral (select min(i.image) filter (where i.is_main_image) as main,
        string_agg(i.image, '; ' order by i.is_main_image desc, i.created_at, i.id) as list
      from ${cottageImages} i where i.cottage_id = c.id) as image
    where ${batch}`);
  return rowsOf<{ id: string }>(result);
}

/**
 * A page of cottages as the JSON the list answers (the list's fast path, `lib/page-json.ts`): one statement builds what
 * `loadCottages` reads in five and the route encodes. Translated names are looked up once per catalogue record of the
 * page, in one pass (a materialised CTE).
 */
/** A cottage's images as one JSON array (null when none), aggregated over `cottage_image i`. */
const imagesJson = new JsonText(sql`'[' || string_agg(${
  jsonObjectOf(cottageImageRecord, { id: uuidJson(sql`i.id`), cottageId: uuidJson(sql`i.cottage_id`), image: sql`i.image`, isMainImage: sql`i.is_main_image`, status: sql`i.status`, createdAt: sql`i.created_at` }, 'cottage image').text
}, ',' order by i.is_main_image desc, i.created_at, i.id) || ']'`);

export const cottagePageJson = pageJsonOf({
  table: cottages,
  id: cottages.id,
  // Every name the page shows, looked up in one pass over their definitions: the first by language (the request's, the
  // default, then any), as `translatedText` picks it; '' when none. The page's regions and places through one read of
  // its cottages; every comfort and cottage type, small catalogues, rather than reading the page's links twice.
  with: sql`
    names as materialized (select distinct on (d.translation_id) d.translation_id as id, d.value as name
      from definition d join language l on l.id = d.language_id
      where d.translation_id in (
        select unnest(array[r.name_translate_id, p.name_translate_id]) from ${cottages} c
          join ${regions} r on r.id = c.region_id join ${places} p on p.id = c.place_id where c.id = any(${IDS}::uuid[])
        union all select m.name_translate_id from ${comforts} m
        union all select t.name_translate_id from ${cottageTypes} t)
      order by d.translation_id, case l.code when ${LANG} then 0 when ${DEFAULT_LANGUAGE} then 1 else 2 end, l.created_at, l.code)`,
  // The images once per cottage: the list and the main one from the same rows.
  joins: sql`
    join ${regions} r on r.id = cottage.region_id
    join ${places} p on p.id = cottage.place_id
    left join names region_name on region_name.id = r.name_translate_id
    left join names place_name on place_name.id = p.name_translate_id
    cross join lateral (select (array_agg(i.image order by i.created_at, i.id) filter (where i.is_main_image))[1] as main,
        ${imagesJson.text} as list
      from ${cottageImages} i where i.cottage_id = cottage.id) as image`,
  object: jsonObjectOf(
    cottageRecord,
    {
      id: uuidJson(sql`cottage.id`),
      name: sql`cottage.name`,
      description: sql`cottage.description`,
      price: sql`cottage.price`,
      priceWeekend: sql`cottage.price_weekend`,
      mainImage: sql`image.main`,
      images: new JsonText(sql`coalesce(image.list, '[]')`),
      comforts: jsonList(
        jsonObjectOf(cottageRecord.shape.comforts.element, { id: uuidJson(sql`m.id`), name: sql`coalesce(n.name, '')`, nameTranslateId: uuidJson(sql`m.name_translate_id`), image: sql`m.image` }, 'comfort'),
        sql`from ${cottageComforts} cc join ${comforts} m on m.id = cc.comfort_id left join names n on n.id = m.name_translate_id where cc.cottage_id = cottage.id`,
        sql`m.created_at, m.id`,
      ),
      cottageType: jsonList(
        jsonObjectOf(cottageRecord.shape.cottageType.element, { id: uuidJson(sql`t.id`), name: sql`coalesce(n.name, '')`, nameTranslateId: uuidJson(sql`t.name_translate_id`), image: sql`t.image`, hidePrice: sql`t.hide_price` }, 'cottage type'),
        sql`from ${cottageCottageTypes} ct join ${cottageTypes} t on t.id = ct.cottage_type_id left join names n on n.id = t.name_translate_id where ct.cottage_id = cottage.id`,
        sql`ct.position, t.id`,
      ),
      regionId: uuidJson(sql`cottage.region_id`),
      region: jsonObjectOf(cottageRecord.shape.region, { id: uuidJson(sql`r.id`), name: sql`coalesce(region_name.name, '')`, nameTranslateId: uuidJson(sql`r.name_translate_id`) }, 'region'),
      placeId: uuidJson(sql`cottage.place_id`),
      place: jsonObjectOf(cottageRecord.shape.place, { id: uuidJson(sql`p.id`), name: sql`coalesce(place_name.name, '')`, nameTranslateId: uuidJson(sql`p.name_translate_id`), image: sql`p.image`, regionId: uuidJson(sql`p.region_id`) }, 'place'),
      latitude: sql`cottage.latitude`,
      longitude: sql`cottage.longitude`,
      status: sql`cottage.status`,
      cottageStatus: sql`cottage.cottage_status`,
      rating: sql`cottage.rating`,
      userId: uuidJson(sql`cottage.user_id`),
      premiumCottages: jsonList(
        jsonObjectOf(
          placementRecord,
          { id: uuidJson(sql`x.id`), cottageId: uuidJson(sql`x.cottage_id`), serviceCode: sql`x.service_code`, priority: sql`x.priority`, tariffId: uuidJson(sql`x.tariff_id`), orderId: uuidJson(sql`x.order_id`), createdAt: sql`x.created_at`, expireAt: sql`x.expire_at`, endedAt: sql`x.ended_at` },
          'placement',
        ),
        sql`from ${premiumPlacements} x where x.cottage_id = cottage.id and x.ended_at is null and x.expire_at > now()`,
        sql`x.priority desc, x.expire_at`,
      ),
      createdAt: sql`cottage.created_at`,
      updatedAt: sql`cottage.updated_at`,
    },
    'cottage',
  ),
});
