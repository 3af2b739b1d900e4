/**
 * Claims on the moderation queue (issue #25): one moderator per cottage in `progress`, for `CLAIM_MINUTES`. A row
 * whose `expires_at` has passed is a free cottage; the next claim takes it over.
 */
import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cottageClaims, users } from '../db/schema';
import { rowsOf } from '../db/sql';

const userName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.username}, '')`;

/** A claim's end, `minutes` from the statement's time. */
const expiryIn = (minutes: number) => sql`now() + make_interval(secs => ${minutes * 60}::double precision)`;

export interface LiveClaim {
  cottageId: string;
  userId: string;
  userName: string;
  expiresAt: Date;
}

/**
 * Claims the next cottage for `userId` and answers its id, or undefined when the queue is empty: the caller's own live
 * claim first (renewed), else the oldest cottage in progress nobody holds, never one of `skip`.
 *
 * The own claim is renewed on the claim row, without the cottage row's lock: a colleague's claim may hold that lock
 * while it finds the cottage taken, and skipping it would hand this moderator a second cottage and drop the first.
 *
 * Parallel claims: `FOR UPDATE … SKIP LOCKED` on the cottage row makes a concurrent claim pass over a row another
 * claim is taking; a claim whose snapshot predates another's commit still cannot take the cottage, because the upsert's
 * `WHERE` refuses a live row of someone else (the arbiter sees committed rows whatever the snapshot) — then it returns
 * no row, and the caller tries once more with a fresh snapshot.
 */
export async function claimNext(db: DbOrTx, userId: string, skip: string[], minutes: number): Promise<string | undefined> {
  const expiresAt = expiryIn(minutes);
  const renewed = await db.execute(sql`
    update cottage_claim set expires_at = ${expiresAt}
    where cottage_id = (
      select k.cottage_id from cottage_claim k join cottage c on c.id = k.cottage_id
      where k.user_id = ${userId} and k.expires_at > now() and c.cottage_status = 'progress'
        and not (k.cottage_id = any(${sql.param(skip)}::uuid[]))
      order by k.claimed_at limit 1)
    returning cottage_id as id`);
  const own = rowsOf<{ id: string }>(renewed)[0]?.id;
  if (own) return own;
  const result = await db.execute(sql`
    with candidate as (
      select c.id from cottage c
      left join cottage_claim k on k.cottage_id = c.id
      where c.cottage_status = 'progress'
        and (k.cottage_id is null or k.expires_at <= now())
        and not (c.id = any(${sql.param(skip)}::uuid[]))
      order by c.created_at, c.id
      limit 1
      for update of c skip locked
    )
    insert into cottage_claim as k (cottage_id, user_id, claimed_at, expires_at)
    select id, ${userId}, now(), ${expiresAt} from candidate
    on conflict (cottage_id) do update
      set user_id = excluded.user_id, claimed_at = excluded.claimed_at, expires_at = excluded.expires_at
      where k.expires_at <= now()
    returning k.cottage_id as id`);
  return rowsOf<{ id: string }>(result)[0]?.id;
}

/**
 * Makes the moderator's claims in other transactions wait for this one (two tabs, a key held down): the second then
 * sees the first's cottage as its own and renews it. Per moderator, so colleagues never wait on each other.
 */
export async function oneClaimAtATime(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cottage-claim:${userId}`}))`);
}

/** Gives `cottageId` to `userId` for `minutes` whoever held it (an undo hands the cottage back to its decider). */
export async function claimFor(db: DbOrTx, cottageId: string, userId: string, minutes: number): Promise<void> {
  const expiresAt = expiryIn(minutes);
  await db
    .insert(cottageClaims)
    .values({ cottageId, userId, expiresAt })
    .onConflictDoUpdate({ target: cottageClaims.cottageId, set: { userId, claimedAt: sql`now()`, expiresAt } });
}

/** The live claim on a cottage, with its holder's name, if any. */
export async function liveClaimOf(db: DbOrTx, cottageId: string): Promise<LiveClaim | undefined> {
  const [row] = await liveClaimsQuery(db).where(and(eq(cottageClaims.cottageId, cottageId), gt(cottageClaims.expiresAt, sql`now()`)));
  return row;
}

/** Every live claim, the oldest first (the queue's "held by" chips, the edit page's notice). */
export function liveClaims(db: DbOrTx): Promise<LiveClaim[]> {
  return liveClaimsQuery(db).where(gt(cottageClaims.expiresAt, sql`now()`)).orderBy(cottageClaims.claimedAt);
}

const liveClaimsQuery = (db: DbOrTx) =>
  db
    .select({ cottageId: cottageClaims.cottageId, userId: cottageClaims.userId, userName, expiresAt: cottageClaims.expiresAt })
    .from(cottageClaims)
    .innerJoin(users, eq(users.id, cottageClaims.userId))
    .$dynamic();

/**
 * Drops the caller's claim (or an expired one) on the cottage; answers whether a row went. With `knownExpiry` (the
 * claim as the releasing page knew it), a claim renewed since is kept: a reloading desk's late release must not drop
 * the claim its new page has just renewed. The page knows the expiry to the millisecond, the database to the micro.
 */
export async function releaseClaim(db: DbOrTx, cottageId: string, userId: string, knownExpiry?: Date): Promise<boolean> {
  const notRenewed = knownExpiry ? lte(cottageClaims.expiresAt, sql`${knownExpiry.toISOString()}::timestamptz + interval '1 millisecond'`) : undefined;
  const gone = await db
    .delete(cottageClaims)
    .where(and(eq(cottageClaims.cottageId, cottageId), or(and(eq(cottageClaims.userId, userId), notRenewed), lte(cottageClaims.expiresAt, sql`now()`))))
    .returning({ id: cottageClaims.cottageId });
  return gone.length > 0;
}

/** Drops the user's claims but the one on `keep`: a moderator reviews one cottage at a time. Answers the cottages'. */
export async function releaseOtherClaims(db: DbOrTx, userId: string, keep: string | undefined): Promise<string[]> {
  const gone = await db
    .delete(cottageClaims)
    .where(and(eq(cottageClaims.userId, userId), keep ? ne(cottageClaims.cottageId, keep) : undefined))
    .returning({ id: cottageClaims.cottageId });
  return gone.map((row) => row.id);
}

/** Drops whatever claim the cottage has: a decision on it ends the review, whoever held it. */
export async function endClaim(db: DbOrTx, cottageId: string): Promise<boolean> {
  const gone = await db.delete(cottageClaims).where(eq(cottageClaims.cottageId, cottageId)).returning({ id: cottageClaims.cottageId });
  return gone.length > 0;
}
