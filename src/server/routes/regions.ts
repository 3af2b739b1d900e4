/** Regions: a translated name. A region that still has places or cottages cannot be deleted (409). */
import type { NamedResourceConfig } from '../http/named-resource';
import { regionDependents } from '../repos/references';
import { said } from '../messages';

const TEXTS = {
  hasCottages: {
    uz: 'Viloyatda hali {n} ta dacha bor; avval ularni koʻchiring yoki oʻchiring',
    ru: 'В области ещё есть дачи ({n}); сначала перенесите или удалите их',
    en: 'The region still has {n} {cottages}; move or delete them first',
  },
  hasPlaces: {
    uz: 'Viloyatda hali {n} ta joy bor; avval ularni oʻchiring',
    ru: 'В области ещё есть места ({n}); сначала удалите их',
    en: 'The region still has {n} {places}; delete them first',
  },
} as const;

export const regionOwn: Omit<NamedResourceConfig<{ id: string }>, 'key'> = {
  deleteBlocker: async (db, id) => {
    const [cottageCount, placeCount] = await regionDependents(db, id);
    if (cottageCount) return said(TEXTS.hasCottages, { n: cottageCount, cottages: cottageCount === 1 ? 'cottage' : 'cottages' });
    if (placeCount) return said(TEXTS.hasPlaces, { n: placeCount, places: placeCount === 1 ? 'place' : 'places' });
    return undefined;
  },
};
