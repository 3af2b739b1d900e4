import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { premiumPlacements, services, tariffs } from '../db/schema';
import type { ListSpec } from '../query/list';
import { registrySearch } from '../query/search';
import { translatedColumns, type Translated } from './translation-usage';
import type { PlacementRecord } from '../../shared/records/placement';
import type { TariffRecord } from '../../shared/records/service';
import { resources } from '../../shared/resources';
import { translatedText } from '../query/translated';
import { qualified, together } from '../db/sql';

export const tariffListSpec = (lang: string): ListSpec => {
  const fields = {
    ...translatedColumns('tariff', lang),
    days: tariffs.days,
    price: tariffs.price,
    service_id: tariffs.serviceId,
    // Without drizzle's Date mapping, so a filter value that is no date is a 400, not a crash.
    createdAt: qualified(tariffs.createdAt),
  };
  return { table: tariffs, id: tariffs.id, fields, search: registrySearch(resources.tariff, fields), defaultSort: { field: 'createdAt', order: 'asc' } };
};

export async function loadTariffs(db: DbOrTx, ids: string[], lang: string): Promise<TariffRecord[]> {
  if (!ids.length) return [];
  const [rows, serviceRows] = await together(db, [
    () => db
      .select({
        id: tariffs.id,
        ...(translatedColumns('tariff', lang) as Translated<'type' | 'description'>),
        days: tariffs.days,
        price: tariffs.price,
        service_id: tariffs.serviceId,
        createdAt: tariffs.createdAt,
      })
      .from(tariffs)
      .where(inArray(tariffs.id, ids)),
    () => db
      .select({ id: services.id, name: translatedText(qualified(services.nameTranslateId), lang), serviceCode: services.serviceCode })
      .from(services)
      .where(inArray(services.id, sql`(select ${tariffs.serviceId} from ${tariffs} where ${inArray(tariffs.id, ids)})`)),
  ]);
  const byId = new Map(serviceRows.map((s) => [s.id, s]));
  return rows.map((r) => ({ ...r, service: byId.get(r.service_id)! }));
}

/** Ends the cottage's live placements bought with the tariff; answers the latest one ended, if any. */
export async function endTariffPlacement(db: DbOrTx, cottageId: string, tariffId: string): Promise<PlacementRecord | undefined> {
  const now = new Date();
  const ended = await db
    .update(premiumPlacements)
    .set({ endedAt: now })
    .where(
      and(
        eq(premiumPlacements.cottageId, cottageId),
        eq(premiumPlacements.tariffId, tariffId),
        isNull(premiumPlacements.endedAt),
        gt(premiumPlacements.expireAt, now),
      ),
    )
    .returning();
  return ended.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}
