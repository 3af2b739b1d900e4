/**
 * Demo data (DESIGN §4 `DEMO_DATA`, `npm run seed:demo`): Uzbekistan's regions and real places, comforts, cottage
 * types, ~60 cottages over every status with generated pictures and coordinates near their place, services with
 * tariffs, orders (some already placed as premium), a moderator role and users, notifications. Every name is a
 * translation with uz, ru and en definitions. Runs only on a database without catalogue data; deterministic.
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  cottageComforts,
  cottageCottageTypes,
  cottageImages,
  cottages,
  cottageTypes,
  definitions,
  languages,
  notifications,
  orders,
  permissions,
  places,
  premiumPlacements,
  rolePermissions,
  roles,
  services,
  tariffs,
  translations,
  userRoles,
  users,
} from '../db/schema';
import type { FileStorage } from '../file-storage';
import { hashPassword, randomPassword } from '../auth/passwords';
import { COMFORTS, COTTAGE_TYPES, DESCRIPTION_DETAILS, DESCRIPTIONS, NAME_WORDS, NOTIFICATIONS, PEOPLE, REGIONS, SERVICES, type Texts } from './demo-data';
import { cottagePhoto, cottagePicture, iconPicture } from './demo-images';
import { plantSignals, pictureSeed, plantedPicture } from './demo-signals';
import { RESOURCE_TABLES } from '../db/tables';
import { NAMED_KEYS, type NamedKey } from '../../shared/resources';
import { referenceOrder } from '../../shared/references';

const MODERATOR_ROLE = 'MODERATOR';
const MODERATOR_PERMISSIONS = [
  'stats.view', 'cottage.list', 'cottage.show', 'cottage.edit', 'cottage.moderate', 'region.list', 'place.list',
  'comfort.list', 'cottageType.list', 'order.list', 'order.show', 'notification.list', 'notification.create',
];
const DAY_MS = 86_400_000;

export interface DemoResult {
  seeded: boolean;
  /** Why nothing was done. */
  skipped?: string;
  cottages?: number;
  /** A moderator account made now; its password is shown once. */
  moderator?: { username: string; password: string };
}

/** A small deterministic generator (mulberry32), so every demo looks the same. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
    some: <T>(list: readonly T[], min: number, max: number) => {
      const copy = [...list];
      const n = Math.min(copy.length, min + Math.floor(next() * (max - min + 1)));
      const out: T[] = [];
      while (out.length < n) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
      return out;
    },
  };
}

async function insertChunked<T>(tx: Db | Tx, table: Parameters<Tx['insert']>[0], rows: T[], size = 500) {
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size) as never);
}

class AlreadySeeded extends Error {}

async function hasCatalogue(db: Db): Promise<boolean> {
  const result = await db.execute<{ present: boolean }>(sql`select exists (select 1 from region) or exists (select 1 from cottage) as present`);
  return Boolean((result as unknown as { rows: { present: boolean }[] }).rows[0]?.present);
}

/** Makes translations with their uz, ru and en definitions, kept to be inserted with the rest. */
function demoTexts(langId: Map<string, string>) {
  const translationRows: (typeof translations.$inferInsert)[] = [];
  const definitionRows: (typeof definitions.$inferInsert)[] = [];
  const tr = (code: string, texts: Texts) => {
    const id = randomUUID();
    translationRows.push({ id, code, type: 'content' });
    for (const [lang, value] of Object.entries(texts)) {
      const languageId = langId.get(lang);
      if (languageId) definitionRows.push({ translationId: id, languageId, value });
    }
    return id;
  };
  return { tr, translationRows, definitionRows };
}

type Tr = ReturnType<typeof demoTexts>['tr'];
/** Stores a file, remembered so a failed seed removes what it wrote. */
type Save = (bytes: Buffer, ext: string) => Promise<string>;

/**
 * One demo row of a named resource, as its table takes it: a `reference` field's column (a district's `regionId`) is
 * as required here as in the table.
 */
type NamedRow<K extends NamedKey = NamedKey> = (typeof RESOURCE_TABLES)[K]['table']['$inferInsert'] & { id: string; nameTranslateId: string };
/**
 * The demo rows of every named resource (the registry's `preset: 'named'`), inserted after the rows they refer to
 * (`referenceOrder`: a region before its places, whichever the registry lists first). A resource added with the preset
 * and no rows here fails `tsc`: "Property '<key>' is missing".
 */
type NamedDemoRows = { [K in NamedKey]: NamedRow<K>[] };

/** A place's centre and how many cottages it draws (resort areas more). */
type Spot = typeof places.$inferInsert & { id: string; lat: number; lng: number; weight: number };
/** A cottage type with the noun a cottage of it is named with. */
type DemoType = typeof cottageTypes.$inferInsert & { id: string; noun: string };

/** Regions with their places, comforts and cottage types, each name a translation, each picture a stored file. */
async function namedDemoRows(tr: Tr, save: Save) {
  const regionRows: NamedRow<'region'>[] = [];
  const spots: Spot[] = [];
  for (const region of REGIONS) {
    const regionId = randomUUID();
    regionRows.push({ id: regionId, nameTranslateId: tr(`region.${region.key}`, region.name) });
    for (const [i, place] of region.places.entries()) {
      spots.push({
        id: randomUUID(),
        regionId,
        nameTranslateId: tr(`place.${place.key}`, place.name),
        image: await save(await cottagePicture(i * 7 + place.key.length, 480), 'jpg'),
        lat: place.lat,
        lng: place.lng,
        weight: place.weight,
      });
    }
  }
  const comfortRows: NamedRow<'comfort'>[] = [];
  for (const [i, c] of COMFORTS.entries()) {
    comfortRows.push({ id: randomUUID(), nameTranslateId: tr(`comfort.${c.key}`, c.name), image: await save(await iconPicture(c.color, i), 'png') });
  }
  const types: DemoType[] = [];
  for (const [i, c] of COTTAGE_TYPES.entries()) {
    types.push({
      id: randomUUID(),
      nameTranslateId: tr(`cottage_type.${c.key}`, c.name),
      image: await save(await iconPicture(c.color, i + 1), 'png'),
      hidePrice: c.hidePrice,
      noun: c.noun,
    });
  }
  const named: NamedDemoRows = {
    region: regionRows,
    place: spots.map(({ lat: _a, lng: _b, weight: _c, ...row }) => row),
    comfort: comfortRows,
    cottageType: types.map(({ noun: _, ...row }) => row),
  };
  return { named, spots, comforts: comfortRows, types };
}

/** Services with their tariffs (each tariff remembers its days and service for the orders). */
async function serviceDemoRows(tr: Tr, save: Save) {
  const serviceRows: (typeof services.$inferInsert)[] = [];
  const tariffRows: (typeof tariffs.$inferInsert & { id: string; days: number; serviceCode: 'top' | 'recommended' })[] = [];
  for (const [i, s] of SERVICES.entries()) {
    const id = randomUUID();
    serviceRows.push({
      id,
      serviceCode: s.code,
      nameTranslateId: tr(`service.${s.key}.name`, s.name),
      descriptionTranslateId: tr(`service.${s.key}.description`, s.description),
      images: [await save(await iconPicture(i ? '#43a047' : '#f9a825', i + 2, 256), 'png'), await save(await cottagePicture(40 + i, 640), 'jpg')],
    });
    for (const t of s.tariffs) {
      tariffRows.push({
        id: randomUUID(),
        serviceId: id,
        serviceCode: s.code,
        days: t.days,
        price: t.price,
        typeTranslateId: tr(`tariff.${t.key}.type`, t.type),
        descriptionTranslateId: tr(`tariff.${t.key}.description`, t.description),
      });
    }
  }
  return { serviceRows, tariffRows };
}

/** The demo's people (those already present, by username or phone, are reused) and a moderator password if none exists. */
async function demoPeople(db: Db) {
  const known = await db
    .select({ id: users.id, username: users.username, phone: users.phone })
    .from(users)
    .where(sql`${users.username} in ${PEOPLE.map((x) => x.username)} or ${users.phone} in ${PEOPLE.map((x) => x.phone)}`);
  const people = PEOPLE.map((person) => {
    const existing = known.find((k) => k.username === person.username || k.phone === person.phone);
    return { id: existing?.id ?? randomUUID(), ...person, existing: Boolean(existing) };
  });
  const [existingModerator] = await db.select({ id: users.id }).from(users).where(sql`${users.username} = 'moderator'`);
  const moderatorPassword = randomPassword('moderator');
  const moderatorHash = existingModerator ? undefined : await hashPassword(moderatorPassword);
  return { people, moderatorPassword, moderatorHash };
}

type Rnd = ReturnType<typeof prng>;
type Person = Awaited<ReturnType<typeof demoPeople>>['people'][number];

/** `count` cottages over every status, each with 2–4 pictures, some comforts and one or two types, near their place. */
async function cottageDemoRows(rnd: Rnd, save: Save, count: number, now: number, catalogue: Awaited<ReturnType<typeof namedDemoRows>>, people: Person[]) {
  const { spots, types: typeRows, comforts: comfortRows } = catalogue;
  // Every combination of three details, spread so that neighbours differ: each cottage's description its own.
  const combos = DESCRIPTION_DETAILS.flatMap((_, a) => DESCRIPTION_DETAILS.flatMap((_, b) => DESCRIPTION_DETAILS.map((_, c) => [a, b, c]))).filter(([a, b, c]) => a < b && b < c);
  const weighted = spots.flatMap((pl) => Array.from({ length: pl.weight }, () => pl));
  const cottageRows: (typeof cottages.$inferInsert & { id: string })[] = [];
  const imageRows: (typeof cottageImages.$inferInsert)[] = [];
  const comfortLinks: (typeof cottageComforts.$inferInsert)[] = [];
  const typeLinks: (typeof cottageCottageTypes.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    // Every place gets a cottage first; the rest go mostly to resort areas.
    const place = i < spots.length ? spots[i] : rnd.pick(weighted);
    const types = rnd.next() < 0.04 ? [typeRows[typeRows.length - 1]] : rnd.some(typeRows.slice(0, -1), 1, 2);
    const price = types[0].hidePrice ? 0 : rnd.int(6, 60) * 50_000;
    const roll = rnd.next();
    const cottageStatus = roll < 0.65 ? 'confirmed' : roll < 0.88 ? 'progress' : 'rejected';
    const createdAt = new Date(now - rnd.int(0, 120) * DAY_MS - rnd.int(0, 86_399) * 1000);
    const id = randomUUID();
    cottageRows.push({
      id,
      name: `${rnd.pick(NAME_WORDS)} ${types[0].noun}`.replace(/^./, (ch) => ch.toUpperCase()),
      description: [rnd.pick(DESCRIPTIONS), ...combos[(i * 37) % combos.length].map((k) => DESCRIPTION_DETAILS[k])].join(' '),
      price,
      priceWeekend: Math.round(price * (1.1 + rnd.int(0, 4) / 10)),
      latitude: Number((place.lat + (rnd.next() - 0.5) * 0.04).toFixed(6)),
      longitude: Number((place.lng + (rnd.next() - 0.5) * 0.04).toFixed(6)),
      status: rnd.next() < 0.9 ? 'active' : 'inactive',
      cottageStatus,
      rating: Number((3.5 + rnd.next() * 1.5).toFixed(1)),
      userId: rnd.pick(people).id,
      regionId: place.regionId,
      placeId: place.id,
      createdAt,
      updatedAt: createdAt,
    });
    const imageCount = rnd.int(2, 4);
    for (let k = 0; k < imageCount; k++) {
      imageRows.push({
        cottageId: id,
        image: await save((k === 0 && (await plantedPicture(i, count))) || (await cottagePhoto(pictureSeed(i, k))), 'jpg'),
        isMainImage: k === 0,
        createdAt: new Date(createdAt.getTime() + k * 1000),
      });
    }
    for (const c of rnd.some(comfortRows, 3, 7)) comfortLinks.push({ cottageId: id, comfortId: c.id });
    types.forEach((t, position) => typeLinks.push({ cottageId: id, cottageTypeId: t.id, position }));
  }
  plantSignals(cottageRows, people.map((p) => p.id), spots);
  return { cottageRows, imageRows, comfortLinks, typeLinks };
}

/** Orders of some confirmed cottages; the paid ones already placed as premium. */
function orderDemoRows(rnd: Rnd, now: number, cottageRows: Awaited<ReturnType<typeof cottageDemoRows>>['cottageRows'], tariffRows: Awaited<ReturnType<typeof serviceDemoRows>>['tariffRows']) {
  const confirmed = cottageRows.filter((c) => c.cottageStatus === 'confirmed');
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const placementRows: (typeof premiumPlacements.$inferInsert)[] = [];
  for (const cottage of rnd.some(confirmed, 18, 24)) {
    const tariff = rnd.pick(tariffRows);
    const createdAt = new Date(now - rnd.int(0, 20) * DAY_MS);
    const id = randomUUID();
    const roll = rnd.next();
    const paid = roll < 0.45;
    const order = {
      id,
      cottageId: cottage.id,
      tariffId: tariff.id,
      userId: cottage.userId,
      createdAt,
      expireAt: new Date(createdAt.getTime() + tariff.days * DAY_MS),
      status: paid ? 'active' : 'inactive',
      orderStatus: paid ? 'success' : roll < 0.85 ? 'progress' : 'cancelled',
      premiumActivatedAt: paid ? createdAt : null,
    };
    orderRows.push(order);
    if (paid) {
      placementRows.push({
        cottageId: order.cottageId,
        serviceCode: tariff.serviceCode,
        priority: Math.max(1, Math.round(Number(cottage.rating))),
        tariffId: tariff.id,
        orderId: id,
        createdAt,
        expireAt: order.expireAt,
      });
    }
  }
  return { orderRows, placementRows };
}

function notificationDemoRows(now: number, people: Person[]): (typeof notifications.$inferInsert)[] {
  return [
    ...NOTIFICATIONS.public.map((message, i) => ({ message, type: 'public', createdAt: new Date(now - (i + 1) * 3 * DAY_MS) })),
    ...NOTIFICATIONS.personal.map((message, i) => ({ message, type: 'personal', userId: people[i].id, createdAt: new Date(now - i * DAY_MS) })),
  ];
}

/** The MODERATOR role with its permissions, and (given a hash) the `moderator` user holding it; answers the login made. */
async function moderatorRole(tx: Tx, moderatorHash: string | undefined, moderatorPassword: string): Promise<DemoResult['moderator']> {
  const [role] = await tx.insert(roles).values({ name: MODERATOR_ROLE }).onConflictDoNothing().returning({ id: roles.id });
  if (!role) return undefined;
  const perms = await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.code, MODERATOR_PERMISSIONS));
  if (perms.length) await tx.insert(rolePermissions).values(perms.map((perm) => ({ roleId: role.id, permissionId: perm.id })));
  if (!moderatorHash) return undefined;
  const [user] = await tx.insert(users).values({ username: 'moderator', name: 'Moderator', passwordHash: moderatorHash }).returning({ id: users.id });
  await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { username: 'moderator', password: moderatorPassword };
}

export async function seedDemo(db: Db, storage: FileStorage, opts: { cottages?: number } = {}): Promise<DemoResult> {
  if (await hasCatalogue(db)) return { seeded: false, skipped: 'the database already has regions or cottages' };
  const rnd = prng(20240901);
  const langRows = await db.select().from(languages).where(inArray(languages.code, ['uz', 'ru', 'en']));
  const texts = demoTexts(new Map(langRows.map((l) => [l.code, l.id])));
  const written: string[] = [];
  const save: Save = async (bytes, ext) => {
    const path = await storage.save(bytes, ext);
    written.push(path);
    return path;
  };

  try {
    const catalogue = await namedDemoRows(texts.tr, save);
    const { serviceRows, tariffRows } = await serviceDemoRows(texts.tr, save);
    const { people, moderatorPassword, moderatorHash } = await demoPeople(db);
    const now = Date.now();
    const cottageSet = await cottageDemoRows(rnd, save, opts.cottages ?? 60, now, catalogue, people);
    const { orderRows, placementRows } = orderDemoRows(rnd, now, cottageSet.cottageRows, tariffRows);
    const notificationRows = notificationDemoRows(now, people);

    // One transaction for all rows.
    const moderator = await db.transaction(async (tx) => {
      // Several servers starting at once on one PostgreSQL: the first one seeds, the others find its data.
      await tx.execute(sql`select pg_advisory_xact_lock(7310001)`);
      const present = await tx.execute<{ present: boolean }>(sql`select exists (select 1 from region) or exists (select 1 from cottage) as present`);
      if ((present as unknown as { rows: { present: boolean }[] }).rows[0]?.present) throw new AlreadySeeded();
      await insertChunked(tx, translations, texts.translationRows);
      await insertChunked(tx, definitions, texts.definitionRows);
      for (const key of referenceOrder(NAMED_KEYS)) await insertChunked(tx, RESOURCE_TABLES[key].table, catalogue.named[key]);
      await insertChunked(tx, services, serviceRows);
      await insertChunked(tx, tariffs, tariffRows.map(({ serviceCode: _, ...row }) => row));
      const newPeople = people.filter((person) => !person.existing).map(({ existing: _, ...person }) => person);
      if (newPeople.length) await tx.insert(users).values(newPeople);
      const made = await moderatorRole(tx, moderatorHash, moderatorPassword);
      await insertChunked(tx, cottages, cottageSet.cottageRows);
      await insertChunked(tx, cottageImages, cottageSet.imageRows);
      await insertChunked(tx, cottageComforts, cottageSet.comfortLinks);
      await insertChunked(tx, cottageCottageTypes, cottageSet.typeLinks);
      await insertChunked(tx, orders, orderRows);
      await insertChunked(tx, premiumPlacements, placementRows);
      await insertChunked(tx, notifications, notificationRows);
      return made;
    });
    return { seeded: true, cottages: cottageSet.cottageRows.length, moderator };
  } catch (err) {
    await Promise.all(written.map((path) => storage.remove(path).catch(() => undefined)));
    if (err instanceof AlreadySeeded) return { seeded: false, skipped: 'another process seeded the database meanwhile' };
    throw err;
  }
}
