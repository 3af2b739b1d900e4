import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { services, tariffs } from '../db/schema';
import type { ListSpec } from '../query/list';
import { registrySearch } from '../query/search';
import { translatedColumns, type Translated } from './translation-usage';
import type { ServiceRecord } from '../../shared/records/service';
import { resources } from '../../shared/resources';
import { translatedText } from '../query/translated';
import { qualified, together } from '../db/sql';

export const serviceListSpec = (lang: string): ListSpec => {
  const fields = {
    ...translatedColumns('service', lang),
    serviceCode: services.serviceCode,
    // Without drizzle's Date mapping, so a filter value that is no date is a 400, not a crash.
    createdAt: qualified(services.createdAt),
  };
  return { table: services, id: services.id, fields, search: registrySearch(resources.service, fields), defaultSort: { field: 'createdAt', order: 'asc' } };
};

export async function loadServices(db: DbOrTx, ids: string[], lang: string): Promise<ServiceRecord[]> {
  if (!ids.length) return [];
  const [rows, tariffRows] = await together(db, [
    () => db
      .select({
        id: services.id,
        ...(translatedColumns('service', lang) as Translated<'name' | 'description'>),
        serviceCode: services.serviceCode,
        images: services.images,
        createdAt: services.createdAt,
      })
      .from(services)
      .where(inArray(services.id, ids)),
    () => db
      .select({
        id: tariffs.id,
        type: translatedText(qualified(tariffs.typeTranslateId), lang),
        description: translatedText(qualified(tariffs.descriptionTranslateId), lang),
        days: tariffs.days,
        price: tariffs.price,
        service_id: tariffs.serviceId,
      })
      .from(tariffs)
      .where(inArray(tariffs.serviceId, ids))
      .orderBy(asc(tariffs.days), asc(tariffs.price), asc(tariffs.createdAt)),
  ]);
  return rows.map((s) => ({ ...s, images: s.images ?? [], tariffs: tariffRows.filter((t) => t.service_id === s.id) }));
}
