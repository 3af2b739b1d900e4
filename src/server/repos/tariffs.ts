import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { orders, services, tariffs } from '../db/schema';
import type { ListSpec } from '../lib/list';
import { translatedText } from '../lib/translated';
import { qualified } from '../db/sql';

export interface TariffRecord {
  id: string;
  type: string;
  typeTranslateId: string;
  description: string;
  descriptionTranslateId: string;
  days: number;
  price: number;
  service_id: string;
  service: { id: string; name: string; serviceCode: string };
  createdAt: Date;
}

export const tariffListSpec = (lang: string): ListSpec => {
  const type = translatedText(qualified(tariffs.typeTranslateId), lang);
  const description = translatedText(qualified(tariffs.descriptionTranslateId), lang);
  return {
    table: tariffs,
    id: tariffs.id,
    fields: {
      type,
      description,
      days: tariffs.days,
      price: tariffs.price,
      service_id: tariffs.serviceId,
      typeTranslateId: tariffs.typeTranslateId,
      descriptionTranslateId: tariffs.descriptionTranslateId,
      // Without drizzle's Date mapping, so a filter value that is no date is a 400, not a crash.
      createdAt: qualified(tariffs.createdAt),
    },
    search: [type, description],
    defaultSort: { field: 'createdAt', order: 'asc' },
  };
};

export async function loadTariffs(db: DbOrTx, ids: string[], lang: string): Promise<TariffRecord[]> {
  if (!ids.length) return [];
  const [rows, serviceRows] = await Promise.all([
    db
      .select({
        id: tariffs.id,
        type: translatedText(qualified(tariffs.typeTranslateId), lang),
        typeTranslateId: tariffs.typeTranslateId,
        description: translatedText(qualified(tariffs.descriptionTranslateId), lang),
        descriptionTranslateId: tariffs.descriptionTranslateId,
        days: tariffs.days,
        price: tariffs.price,
        service_id: tariffs.serviceId,
        createdAt: tariffs.createdAt,
      })
      .from(tariffs)
      .where(inArray(tariffs.id, ids)),
    db
      .select({ id: services.id, name: translatedText(qualified(services.nameTranslateId), lang), serviceCode: services.serviceCode })
      .from(services)
      .where(inArray(services.id, sql`(select ${tariffs.serviceId} from ${tariffs} where ${inArray(tariffs.id, ids)})`)),
  ]);
  const byId = new Map(serviceRows.map((s) => [s.id, s]));
  return rows.map((r) => ({ ...r, service: byId.get(r.service_id)! }));
}

export async function orderCount(db: DbOrTx, tariffId: string): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(sql`${orders.tariffId} = ${tariffId}`);
  return n;
}
