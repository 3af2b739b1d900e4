/**
 * Whether a record a write names exists, and how many rows still refer to a record a delete would orphan: the counts
 * routes turn into their 404 and 409 answers.
 */
import type { DbOrTx } from '../db/client';
import { cottages, orders, places, regions, services, tariffs, users } from '../db/schema';
import { countWhere, together } from '../db/sql';

export const userExists = async (db: DbOrTx, id: string) => (await countWhere(db, users, users.id, id)) > 0;
export const cottageExists = async (db: DbOrTx, id: string) => (await countWhere(db, cottages, cottages.id, id)) > 0;
export const serviceExists = async (db: DbOrTx, id: string) => (await countWhere(db, services, services.id, id)) > 0;

/** How many tariffs a service still has. */
export const tariffsOfService = (db: DbOrTx, serviceId: string) => countWhere(db, tariffs, tariffs.serviceId, serviceId);
/** How many orders refer to a tariff. */
export const ordersOfTariff = (db: DbOrTx, tariffId: string) => countWhere(db, orders, orders.tariffId, tariffId);

export const regionExists = async (db: DbOrTx, id: string) => (await countWhere(db, regions, regions.id, id)) > 0;
/** How many cottages and places a region still has. */
export const regionDependents = (db: DbOrTx, regionId: string) =>
  together(db, [() => countWhere(db, cottages, cottages.regionId, regionId), () => countWhere(db, places, places.regionId, regionId)]);
/** How many cottages a place still has. */
export const cottagesOfPlace = (db: DbOrTx, placeId: string) => countWhere(db, cottages, cottages.placeId, placeId);
