/** Regions: a translated name. A region that still has places or cottages cannot be deleted (409). */
import type { NamedResourceConfig } from '../http/named-resource';
import { regionDependents } from '../repos/references';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const regionOwn: Omit<NamedResourceConfig<{ id: string }>, 'key'> = {
  deleteBlocker: async (db, id) => {
    const [cottageCount, placeCount] = await regionDependents(db, id);
    if (cottageCount) return `The region still has ${plural(cottageCount, 'cottage', 'cottages')}; move or delete them first`;
    if (placeCount) return `The region still has ${plural(placeCount, 'place', 'places')}; delete them first`;
    return undefined;
  },
};
