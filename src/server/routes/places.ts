/**
 * Places: a translated name, a region and an optional image. The region must exist and a place with cottages cannot be
 * deleted (both derived from the registry's `reference` fields); nor can it move to another region (its cottages name
 * the region too).
 */
import { conflict, ItemFailed } from '../errors';
import { placeRecord } from '../../shared/records/named';
import type { NamedResourceConfig } from '../http/named-resource';
import { placeRegionColumns, placeRegionJson } from '../repos/places';
import { placesWithCottages } from '../repos/references';
import { said } from '../messages';

const TEXTS = {
  hasCottages: {
    uz: 'Bu joyda dachalar bor, shuning uchun uni boshqa viloyatga koʻchirib boʻlmaydi',
    ru: 'В этом месте есть дачи, поэтому его нельзя перенести в другую область',
    en: 'The place has cottages, so it cannot move to another region',
  },
} as const;

export const placeOwn: Omit<NamedResourceConfig<typeof placeRecord._zod.output>, 'key'> = {
  record: placeRecord,
  // Checked for a whole batch at once (an import's apply), a form's write being a batch of one: a place that moves to
  // another region has no cottages. (The region's existence is the reference's rule, derived.)
  check: async (db, items) => {
    const moves = items.flatMap(({ data, current }, index) => {
      const regionId = data.regionId as string | undefined;
      return regionId && current && regionId !== current.regionId ? [{ index, current }] : [];
    });
    if (!moves.length) return;
    const busy = await placesWithCottages(db, moves.map((m) => m.current.id));
    for (const { index, current } of moves) if (busy.has(current.id)) throw new ItemFailed(index, conflict(said(TEXTS.hasCottages)));
  },
  select: placeRegionColumns,
  json: placeRegionJson,
  shape: ({ regionName, ...row }) => ({ ...row, region: { id: row.regionId as string, name: regionName as string } }),
};
