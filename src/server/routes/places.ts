/**
 * Places: a translated name, a region and an optional image. A place with cottages cannot be deleted or moved to
 * another region (its cottages name the region too).
 */
import { conflict, HttpError } from '../errors';
import { placeRecord } from '../../shared/records/named';
import type { NamedResourceConfig } from '../http/named-resource';
import { placeRegionColumns, placeRegionJson } from '../repos/places';
import { cottagesOfPlace, regionExists } from '../repos/references';

export const placeOwn: Omit<NamedResourceConfig<typeof placeRecord._zod.output>, 'key'> = {
  record: placeRecord,
  check: async (db, data, current) => {
    const regionId = data.regionId as string | undefined;
    if (!regionId || regionId === current?.regionId) return;
    if (!(await regionExists(db, regionId))) throw new HttpError(404, 'Region not found', { regionId: 'Region not found' });
    if (current && (await cottagesOfPlace(db, current.id))) throw conflict('The place has cottages, so it cannot move to another region');
  },
  select: placeRegionColumns,
  json: placeRegionJson,
  shape: ({ regionName, ...row }) => ({ ...row, region: { id: row.regionId as string, name: regionName as string } }),
  deleteBlocker: async (db, id) => {
    const n = await cottagesOfPlace(db, id);
    return n ? `The place still has ${n} ${n === 1 ? 'cottage' : 'cottages'}; move or delete them first` : undefined;
  },
};
