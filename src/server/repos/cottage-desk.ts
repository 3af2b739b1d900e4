/**
 * What the moderation desk shows beside a cottage (issue #25): the medians of its region and of each of its types
 * (confirmed cottages only), its owner, the owner's other cottages and the latest moderation decisions on them.
 * Nothing secret: the owner's name, phone and date, never a hash or a token.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, cottageCottageTypes, cottages, cottageTypes, notifications, users } from '../db/schema';
import { translatedText } from '../query/translated';
import { COTTAGE_STATUSES, type CottageStatus } from '../../shared/enums';
import { moderationNotice } from './cottage-moderation';

const LIMIT = 20;
const median = (column: unknown) => sql<number | null>`percentile_cont(0.5) within group (order by ${column})`;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

interface DeskCottage {
  id: string;
  regionId: string;
  userId: string | null;
}

/** The medians of price and weekend price over the confirmed cottages of its region, and of each of its types. */
export async function deskMedians(db: DbOrTx, cottage: DeskCottage, lang: string) {
  const confirmed = eq(cottages.cottageStatus, 'confirmed');
  const [region] = await db
    .select({ price: median(cottages.price), priceWeekend: median(cottages.priceWeekend), count: sql<number>`count(*)::int` })
    .from(cottages)
    .where(and(confirmed, eq(cottages.regionId, cottage.regionId)));
  const types = await db
    .select({
      id: cottageTypes.id,
      name: translatedText(cottageTypes.nameTranslateId, lang),
      price: sql<number | null>`(select ${median(sql`c.price`)} from cottage c join cottage_cottage_type l on l.cottage_id = c.id where l.cottage_type_id = ${cottageTypes.id} and c.cottage_status = 'confirmed')`,
      priceWeekend: sql<number | null>`(select ${median(sql`c.price_weekend`)} from cottage c join cottage_cottage_type l on l.cottage_id = c.id where l.cottage_type_id = ${cottageTypes.id} and c.cottage_status = 'confirmed')`,
      count: sql<number>`(select count(*)::int from cottage c join cottage_cottage_type l on l.cottage_id = c.id where l.cottage_type_id = ${cottageTypes.id} and c.cottage_status = 'confirmed')`,
    })
    .from(cottageCottageTypes)
    .innerJoin(cottageTypes, eq(cottageTypes.id, cottageCottageTypes.cottageTypeId))
    .where(eq(cottageCottageTypes.cottageId, cottage.id))
    .orderBy(cottageCottageTypes.position, cottageTypes.id);
  return {
    region: { price: num(region?.price), priceWeekend: num(region?.priceWeekend), count: Number(region?.count ?? 0) },
    types: types.map((t) => ({ ...t, price: num(t.price), priceWeekend: num(t.priceWeekend), count: Number(t.count) })),
  };
}

/** The owner as a moderator sees them: name (or username), phone, since when. */
export async function deskOwner(db: DbOrTx, userId: string | null) {
  if (!userId) return null;
  const [row] = await db
    .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username}, '')`, phone: users.phone, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The owner's other cottages, the newest first. */
export function deskOwnerCottages(db: DbOrTx, cottage: DeskCottage) {
  if (!cottage.userId) return Promise.resolve([]);
  return db
    .select({ id: cottages.id, name: cottages.name, cottageStatus: cottages.cottageStatus, createdAt: cottages.createdAt })
    .from(cottages)
    .where(and(eq(cottages.userId, cottage.userId), ne(cottages.id, cottage.id)))
    .orderBy(desc(cottages.createdAt), desc(cottages.id))
    .limit(LIMIT);
}

const isStatus = (v: unknown): v is CottageStatus => COTTAGE_STATUSES.includes(v as CottageStatus);

/**
 * The latest moderation decisions (and undos) on the owner's cottages — this one's alone when it has no owner — from
 * the audit history, with the reason the owner was sent (their notice written in the decision's transaction).
 */
export async function deskHistory(db: DbOrTx, cottage: DeskCottage) {
  // A subquery, not a list of ids: an owner with many thousand cottages must not make a statement of as many parameters.
  const ids = cottage.userId
    ? db.select({ id: sql<string>`${cottages.id}::text` }).from(cottages).where(eq(cottages.userId, cottage.userId))
    : [cottage.id];
  const rows = await db
    .select({
      cottageId: cottages.id,
      cottageName: cottages.name,
      action: auditLog.action,
      cottageStatus: sql<string>`${auditLog.changes} -> 'cottageStatus' ->> 'after'`,
      at: auditLog.createdAt,
      byName: auditLog.userName,
      notices: sql<string[] | null>`(select array_agg(n.message) from ${notifications} n where n.user_id = ${cottages.userId} and n.type = 'personal' and n.created_at = ${auditLog.createdAt})`,
    })
    .from(auditLog)
    .innerJoin(cottages, sql`${cottages.id}::text = ${auditLog.recordId}`)
    .where(
      and(
        eq(auditLog.resource, 'cottage'),
        inArray(auditLog.recordId, ids),
        inArray(auditLog.action, ['edit', 'bulkEdit', 'undo']),
        sql`${auditLog.changes} -> 'cottageStatus' is not null`,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(LIMIT);
  return rows.map(({ notices, ...row }) => {
    const prefix = isStatus(row.cottageStatus) ? moderationNotice(row.cottageName, row.cottageStatus, '') : undefined;
    const notice = prefix && row.action !== 'undo' ? notices?.find((m) => m.startsWith(prefix)) : undefined;
    return { ...row, reason: notice ? notice.slice(prefix!.length) : null };
  });
}
