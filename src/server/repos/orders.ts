/** Orders with their cottage, buyer and tariff (translated, with its service), and "Active Pre": an order's placement. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { cottageImages, cottages, orders, premiumPlacements, services, tariffs, users } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { ListSpec } from '../query/list';
import { kinds } from '../query/filter-kinds';
import { translatedText } from '../query/translated';
import { registrySearch } from '../query/search';
import type { ServiceCode } from '../../shared/enums';
import type { OrderRecord } from '../../shared/records/order';
import type { PlacementRecord } from '../../shared/records/placement';
import { bumpVersion } from '../query/versions';
import { resources } from '../../shared/resources';
import { anyOfIds, builtOnce, LANG_PLACEHOLDER, together } from '../db/sql';
import { said } from '../messages';
import { recordLabel } from '../labels';

const PREMIUM_CONFIRMED_ONLY = { uz: 'Premiumga faqat tasdiqlangan dachani qoʻyish mumkin', ru: 'В премиум можно поставить только подтверждённую дачу', en: 'Only a confirmed cottage can be placed as premium' } as const;

const cottageName = sql`(select ${cottages.name} from ${cottages} where ${cottages.id} = ${orders.cottageId})`;
const userName = sql`(select coalesce(${users.name}, ${users.username}) from ${users} where ${users.id} = ${orders.userId})`;

const listFields = {
  status: orders.status,
  orderStatus: orders.orderStatus,
  cottageId: orders.cottageId,
  userId: orders.userId,
  tariffId: orders.tariffId,
  createdAt: orders.createdAt,
  expireAt: orders.expireAt,
  premiumActivatedAt: orders.premiumActivatedAt,
  cottage: cottageName,
  user: userName,
};

export const orderListSpec = (): ListSpec => ({
  table: orders,
  id: orders.id,
  fields: listFields,
  // Each matched in its own table (the cottages' name through its trigram index), not folded for every order.
  search: registrySearch(resources.order, listFields, {
    cottage: (_match, folded) => sql`${orders.cottageId} in (select ${cottages.id} from ${cottages} where ${folded(cottages.nameFold)})`,
    user: (match) => sql`${orders.userId} in (select ${users.id} from ${users} where ${match(sql`coalesce(${users.name}, ${users.username})`)})`,
    username: (match) => sql`${orders.userId} in (select ${users.id} from ${users} where ${match(users.username)})`,
  }),
  filters: {
    // `activated: true|false` — whether "Active Pre" was done.
    activated: (value) => (value === true || value === 'true' ? sql`${orders.premiumActivatedAt} is not null` : sql`${orders.premiumActivatedAt} is null`),
  },
  kinds: { activated: kinds.boolean },
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/**
 * The loader's two statements, named, with the ids and the language as placeholders: PostgreSQL plans each once per
 * connection (planning the order rows took 1 ms a call, more than running them; issue #38).
 */
const loaderStatements = builtOnce((db: DbOrTx) => [
  db
    .select({
      order: orders,
      cottage: { id: cottages.id, name: cottages.name, rating: cottages.rating, cottageStatus: cottages.cottageStatus },
      mainImage: sql<string | null>`(select ${cottageImages.image} from ${cottageImages} where ${cottageImages.cottageId} = ${cottages.id} and ${cottageImages.isMainImage})`,
      user: { id: users.id, name: users.name, username: users.username, image: users.image },
      tariff: {
        id: tariffs.id,
        type: translatedText(tariffs.typeTranslateId, LANG_PLACEHOLDER),
        typeTranslateId: tariffs.typeTranslateId,
        description: translatedText(tariffs.descriptionTranslateId, LANG_PLACEHOLDER),
        descriptionTranslateId: tariffs.descriptionTranslateId,
        days: tariffs.days,
        price: tariffs.price,
        service_id: tariffs.serviceId,
      },
      service: {
        id: services.id,
        name: translatedText(services.nameTranslateId, LANG_PLACEHOLDER),
        nameTranslateId: services.nameTranslateId,
        serviceCode: services.serviceCode,
      },
    })
    .from(orders)
    .innerJoin(cottages, eq(cottages.id, orders.cottageId))
    .innerJoin(tariffs, eq(tariffs.id, orders.tariffId))
    .innerJoin(services, eq(services.id, tariffs.serviceId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(anyOfIds(orders.id))
    .prepare('dacha_orders_rows'),
  db.select().from(premiumPlacements).where(anyOfIds(premiumPlacements.orderId)).prepare('dacha_orders_placements'),
] as const);

export async function loadOrders(db: DbOrTx, ids: string[], lang: string): Promise<OrderRecord[]> {
  if (!ids.length) return [];
  const [orderRows, orderPlacements] = loaderStatements(db);
  const [rows, placements] = await together(db, [() => orderRows.execute({ ids, lang }), () => orderPlacements.execute({ ids })]);
  const placementOf = new Map(placements.map((p) => [p.orderId!, p]));
  return rows.map((r) => ({
    id: r.order.id,
    cottageId: r.order.cottageId,
    userId: r.order.userId,
    tariffId: r.order.tariffId,
    status: r.order.status,
    orderStatus: r.order.orderStatus,
    expireAt: r.order.expireAt,
    premiumActivatedAt: r.order.premiumActivatedAt,
    createdAt: r.order.createdAt,
    cottage: { ...r.cottage, mainImage: r.mainImage },
    user: r.user,
    tariff: { ...r.tariff, service: r.service },
    premium: placementOf.get(r.order.id) ?? null,
  }));
}

const DAY_MS = 86_400_000;

interface PlacementOverride {
  expireDays?: number;
  priority?: number;
  serviceCode?: ServiceCode;
}

/**
 * "Active Pre": the order's cottage becomes a premium placement for the tariff's days and service. Done once per
 * order — the order row is locked, `premiumActivatedAt` records it, and the unique `order_id` of placements backs it
 * up — so a second click answers `created: false` and stacks nothing.
 */
export async function activateOrder(tx: Tx, orderId: string, override: PlacementOverride = {}): Promise<{ created: boolean }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound(recordLabel('order', 'Order'));
  if (order.premiumActivatedAt) return { created: false };
  const [info] = await tx
    .select({ cottageStatus: cottages.cottageStatus, rating: cottages.rating, days: tariffs.days, serviceCode: services.serviceCode })
    .from(cottages)
    .innerJoin(tariffs, eq(tariffs.id, order.tariffId))
    .innerJoin(services, eq(services.id, tariffs.serviceId))
    .where(eq(cottages.id, order.cottageId));
  if (info.cottageStatus !== 'confirmed') throw conflict(said(PREMIUM_CONFIRMED_ONLY));
  const days = override.expireDays ?? info.days;
  await tx
    .insert(premiumPlacements)
    .values({
      cottageId: order.cottageId,
      serviceCode: override.serviceCode ?? info.serviceCode,
      priority: override.priority ?? Math.max(1, Math.round(info.rating)),
      tariffId: order.tariffId,
      orderId: order.id,
      expireAt: new Date(Date.now() + days * DAY_MS),
    })
    .onConflictDoNothing({ target: premiumPlacements.orderId });
  await tx.update(orders).set({ premiumActivatedAt: new Date(), status: 'active' }).where(eq(orders.id, order.id));
  await bumpVersion(tx, orders, order.id);
  return { created: true };
}

export async function placementById(db: DbOrTx, id: string): Promise<PlacementRecord | undefined> {
  const [row] = await db.select().from(premiumPlacements).where(eq(premiumPlacements.id, id));
  return row;
}

/** A placement of its own (no order): the cottage shown for `expireDays` from now. */
export async function insertPlacement(db: DbOrTx, values: { cottageId: string; serviceCode: ServiceCode; priority: number; expireDays: number }) {
  const [placement] = await db
    .insert(premiumPlacements)
    .values({ cottageId: values.cottageId, serviceCode: values.serviceCode, priority: values.priority, expireAt: new Date(Date.now() + values.expireDays * DAY_MS) })
    .returning();
  return placement;
}

/** Ends a live placement now; answers it as it is afterwards (an already ended one unchanged). */
export async function endPlacement(db: DbOrTx, current: PlacementRecord): Promise<PlacementRecord> {
  if (current.endedAt) return current;
  const [ended] = await db
    .update(premiumPlacements)
    .set({ endedAt: new Date() })
    .where(and(eq(premiumPlacements.id, current.id), isNull(premiumPlacements.endedAt)))
    .returning();
  return ended ?? (await placementById(db, current.id))!;
}

export async function placementOfOrder(db: DbOrTx, orderId: string): Promise<PlacementRecord | undefined> {
  const [placement] = await db.select().from(premiumPlacements).where(eq(premiumPlacements.orderId, orderId));
  return placement;
}
