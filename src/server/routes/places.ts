/**
 * Places: a translated name, a region and an optional image. A place with cottages cannot be deleted or moved to
 * another region (its cottages name the region too).
 */
import { conflict, notFound } from '../errors';
import { placeRecord } from '../../shared/records/named';
import type { NamedResourceConfig } from '../http/named-resource';
import { placeRegionColumns, placeRegionJson } from '../repos/places';
import { cottagesOfPlace, regionExists } from '../repos/references';
import { said } from '../messages';
import { recordLabel } from '../labels';

const TEXTS = {
  hasCottages: {
    uz: 'Bu joyda dachalar bor, shuning uchun uni boshqa viloyatga koʻchirib boʻlmaydi',
    ru: 'В этом месте есть дачи, поэтому его нельзя перенести в другую область',
    en: 'The place has cottages, so it cannot move to another region',
  },
  placeHasCottages: {
    uz: 'Bu joyda hali {n} ta dacha bor; avval ularni koʻchiring yoki oʻchiring',
    ru: 'В этом месте ещё есть дачи ({n}); сначала перенесите или удалите их',
    en: 'The place still has {n} {cottages}; move or delete them first',
  },
} as const;

export const placeOwn: Omit<NamedResourceConfig<typeof placeRecord._zod.output>, 'key'> = {
  record: placeRecord,
  check: async (db, data, current) => {
    const regionId = data.regionId as string | undefined;
    if (!regionId || regionId === current?.regionId) return;
    if (!(await regionExists(db, regionId))) throw notFound(recordLabel('region', 'Region'), 'regionId');
    if (current && (await cottagesOfPlace(db, current.id))) throw conflict(said(TEXTS.hasCottages));
  },
  select: placeRegionColumns,
  json: placeRegionJson,
  shape: ({ regionName, ...row }) => ({ ...row, region: { id: row.regionId as string, name: regionName as string } }),
  deleteBlocker: async (db, id) => {
    const n = await cottagesOfPlace(db, id);
    return n ? said(TEXTS.placeHasCottages, { n, cottages: n === 1 ? 'cottage' : 'cottages' }) : undefined;
  },
};
