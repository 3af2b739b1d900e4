/** A place's region as its record reads it: the region's id and its name in the request's language. */
import { sql } from 'drizzle-orm';
import { places, regions } from '../db/schema';
import { qualified } from '../db/sql';
import { placeRecord } from '../../shared/records/named';
import { jsonObjectOf } from '../query/page-json';
import { translatedText } from '../query/translated';

const regionName = (lang: string) => translatedText(sql`(select r.name_translate_id from ${regions} r where r.id = ${qualified(places.regionId)})`, lang);

/** The columns a place's loader reads besides the named ones. */
export const placeRegionColumns = (lang: string) => ({ regionId: places.regionId, regionName: regionName(lang) });

/** The same as the page JSON's nested `region`. */
export const placeRegionJson = (lang: string) => ({
  region: jsonObjectOf(placeRecord.shape.region, { id: qualified(places.regionId), name: regionName(lang) }, 'place region'),
});
