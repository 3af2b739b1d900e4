/**
 * The cottage record as the database holds it, declared once: its own columns and its nested fields — the region and
 * place it names, its images, its comforts and types, its running placements — each under its record field. The
 * loader (`loadCottages`), the list's page JSON (`cottagePageJson`) and the CSV export's rows (`loadCottageExportRows`)
 * are derived from this declaration; none of them names a nested field. `test/page-json.test.ts` holds the first two
 * equal, `test/list-kit.test.ts` the export to the loader's cells.
 */
import { and, asc, desc, getTableColumns, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { comforts, cottageComforts, cottageCottageTypes, cottageImages, cottages, cottageTypes, places, premiumPlacements, regions } from '../db/schema';
import { cottageImageRecord, type CottageRecord } from '../../shared/records/cottage';
import { placementRecord } from '../../shared/records/placement';

type Columns = Record<string, PgColumn>;
type Order = { column: PgColumn; desc?: boolean }[];
interface Catalogue {
  table: PgTable & { id: PgColumn };
  translationId: PgColumn;
  /** Its columns in the record (the translated `name` aside). */
  columns: Columns;
  /** The prefix of the SQL names its look-ups take. */
  alias: string;
}
/** A catalogue record the cottage names by a column of its own (its region, its place). Its export cell: its name. */
export interface NamedOne extends Catalogue {
  kind: 'one';
  by: PgColumn;
}
/** Catalogue records linked through a table of links, in an order. Their export cell: their names joined with "; ". */
export interface NamedList extends Catalogue {
  kind: 'list';
  link: PgTable;
  /** The link's column naming the catalogue record, and the one naming the cottage. */
  to: PgColumn;
  from: PgColumn;
  order: Order;
}
/**
 * Rows of the cottage's own, each a record of `record`, in an order, maybe only those `where` keeps. Their export cell:
 * their `cell` column joined with "; ". With `main`, the record also has a field (`mainImage`): the `cell` of the
 * first row with the `flag`.
 */
export interface OwnRows {
  kind: 'rows';
  table: PgTable;
  from: PgColumn;
  record: typeof cottageImageRecord | typeof placementRecord;
  columns: Columns;
  order: Order;
  where?: SQL;
  cell: PgColumn;
  main?: { field: 'mainImage'; flag: PgColumn };
}
type Nested = NamedOne | NamedList | OwnRows;

/** The cottage's own columns, each under its record field (times as ISO text in the export). */
export const COTTAGE_COLUMNS = {
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

/** The nested fields of the record, in no particular order (the record's schema orders the keys). */
/** An image's record columns; its gallery position is not on the wire (the list's order tells it). */
const { position: _galleryPosition, ...imageColumns } = getTableColumns(cottageImages);

const COTTAGE_NESTED = {
  region: { kind: 'one', by: cottages.regionId, table: regions, translationId: regions.nameTranslateId, alias: 'region', columns: { id: regions.id, nameTranslateId: regions.nameTranslateId } },
  place: {
    kind: 'one',
    by: cottages.placeId,
    table: places,
    translationId: places.nameTranslateId,
    alias: 'place',
    columns: { id: places.id, nameTranslateId: places.nameTranslateId, image: places.image, regionId: places.regionId },
  },
  images: {
    kind: 'rows',
    table: cottageImages,
    from: cottageImages.cottageId,
    record: cottageImageRecord,
    // Its position is told by the order: the main one first, then the gallery's order.
    columns: imageColumns,
    order: [{ column: cottageImages.isMainImage, desc: true }, { column: cottageImages.position }, { column: cottageImages.createdAt }, { column: cottageImages.id }],
    cell: cottageImages.image,
    main: { field: 'mainImage', flag: cottageImages.isMainImage },
  },
  comforts: {
    kind: 'list',
    link: cottageComforts,
    to: cottageComforts.comfortId,
    from: cottageComforts.cottageId,
    table: comforts,
    translationId: comforts.nameTranslateId,
    alias: 'comfort',
    columns: { id: comforts.id, nameTranslateId: comforts.nameTranslateId, image: comforts.image },
    order: [{ column: comforts.createdAt }, { column: comforts.id }],
  },
  // In the order the cottage was given them.
  cottageType: {
    kind: 'list',
    link: cottageCottageTypes,
    to: cottageCottageTypes.cottageTypeId,
    from: cottageCottageTypes.cottageId,
    table: cottageTypes,
    translationId: cottageTypes.nameTranslateId,
    alias: 'type',
    columns: { id: cottageTypes.id, nameTranslateId: cottageTypes.nameTranslateId, image: cottageTypes.image, hidePrice: cottageTypes.hidePrice },
    order: [{ column: cottageCottageTypes.position }, { column: cottageCottageTypes.cottageTypeId }],
  },
  // The placements running now (not ended, not expired), the highest priority first.
  premiumCottages: {
    kind: 'rows',
    table: premiumPlacements,
    from: premiumPlacements.cottageId,
    record: placementRecord,
    columns: {
      id: premiumPlacements.id,
      cottageId: premiumPlacements.cottageId,
      serviceCode: premiumPlacements.serviceCode,
      priority: premiumPlacements.priority,
      tariffId: premiumPlacements.tariffId,
      orderId: premiumPlacements.orderId,
      createdAt: premiumPlacements.createdAt,
      expireAt: premiumPlacements.expireAt,
      endedAt: premiumPlacements.endedAt,
    },
    order: [{ column: premiumPlacements.priority, desc: true }, { column: premiumPlacements.expireAt }],
    where: and(isNull(premiumPlacements.endedAt), gt(premiumPlacements.expireAt, sql`now()`))!,
    cell: premiumPlacements.serviceCode,
  },
} as const satisfies { [K in keyof CottageRecord]?: Nested };

const NESTED = Object.entries(COTTAGE_NESTED) as [keyof typeof COTTAGE_NESTED, Nested][];
/** The nested fields of one kind, with their record keys. */
export const byKind = <K extends Nested['kind']>(kind: K) => NESTED.filter((entry): entry is [keyof typeof COTTAGE_NESTED, Extract<Nested, { kind: K }>] => entry[1].kind === kind);

/** An order as SQL text after `order by`. */
export const orderSql = (order: Order) => sql.join(order.map(({ column, desc: down }) => (down ? desc(column) : asc(column))), sql`, `);
