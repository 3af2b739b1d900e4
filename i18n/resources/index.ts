/**
 * Every resource's texts, one file per resource (its uz, ru and en side by side, its menu and home-tile labels
 * included), picked per language. Listed by hand, not discovered: the server (CSV headers) and the browser specs read
 * these catalogues outside Vite. The `satisfies` names any registry route whose file is missing here.
 */
import region from './region';
import comfort from './comfort';
import language from './language';
import translate from './translate';
import place from './place';
import cottageType from './cottage-type';
import cottage from './cottage';
import services from './services';
import tariff from './tariff';
import order from './order';
import roles from './roles';
import user from './user';
import notification from './notification';
import permission from './permission';
import audit from './audit';
import type { AdminRoute } from '../../src/shared/resources';
import type { Locale } from '../types';

const all = {
  region,
  comfort,
  language,
  translate,
  place,
  'cottage-type': cottageType,
  cottage,
  services,
  tariff,
  order,
  roles,
  user,
  notification,
  permission,
  audit,
} satisfies Record<AdminRoute, Record<Locale, object>>;

type All = typeof all;

/** The `resources` section of one language's catalogue. */
export function resourcesIn<L extends Locale>(locale: L): { [K in keyof All]: All[K][L] } {
  return Object.fromEntries(Object.entries(all).map(([name, texts]) => [name, texts[locale]])) as { [K in keyof All]: All[K][L] };
}
