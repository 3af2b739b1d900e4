/**
 * Catalogue rows inserted straight through drizzle (the catalogue routes are tested on their own), and users holding
 * exactly the permissions a test needs.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  comforts,
  cottageTypes,
  definitions,
  languages,
  permissions,
  places,
  regions,
  rolePermissions,
  roles,
  services,
  tariffs,
  translations,
  userRoles,
  users,
} from '../src/server/db/schema';
import { hashPassword } from '../src/server/auth/passwords';
import type { TestContext } from './helpers';

const suffix = () => randomBytes(4).toString('hex');

/** A translation with a definition per language: `{uz, ru, en}` texts. */
export async function translation(t: TestContext, texts: Record<string, string>, type: 'content' | 'error' = 'content') {
  const db = t.database.db;
  const [row] = await db.insert(translations).values({ code: `t_${suffix()}`, type }).returning({ id: translations.id });
  const langs = await db.select().from(languages).where(inArray(languages.code, Object.keys(texts)));
  if (langs.length) {
    await db.insert(definitions).values(langs.map((l) => ({ translationId: row.id, languageId: l.id, value: texts[l.code] })));
  }
  return row.id;
}

const names = (base: string) => ({ uz: `${base} uz`, ru: `${base} ru`, en: `${base} en` });

export async function region(t: TestContext, base = `Region ${suffix()}`) {
  const [row] = await t.database.db.insert(regions).values({ nameTranslateId: await translation(t, names(base)) }).returning();
  return row;
}

export async function place(t: TestContext, regionId: string, base = `Place ${suffix()}`) {
  const [row] = await t.database.db
    .insert(places)
    .values({ nameTranslateId: await translation(t, names(base)), regionId, image: null })
    .returning();
  return row;
}

export async function comfort(t: TestContext, base = `Comfort ${suffix()}`) {
  const [row] = await t.database.db
    .insert(comforts)
    .values({ nameTranslateId: await translation(t, names(base)), image: `uploads/images/${suffix()}.png` })
    .returning();
  return row;
}

export async function cottageType(t: TestContext, base = `Type ${suffix()}`, hidePrice = false) {
  const [row] = await t.database.db
    .insert(cottageTypes)
    .values({ nameTranslateId: await translation(t, names(base)), image: null, hidePrice })
    .returning();
  return row;
}

export async function service(t: TestContext, serviceCode: 'top' | 'recommended' = 'top', base = `Service ${suffix()}`) {
  const [row] = await t.database.db
    .insert(services)
    .values({
      nameTranslateId: await translation(t, names(base)),
      descriptionTranslateId: await translation(t, names(`${base} description`)),
      serviceCode,
    })
    .returning();
  return row;
}

export async function tariff(t: TestContext, serviceId: string, days = 7, price = 50000, base = `Tariff ${suffix()}`) {
  const [row] = await t.database.db
    .insert(tariffs)
    .values({
      typeTranslateId: await translation(t, names(base)),
      descriptionTranslateId: await translation(t, names(`${base} description`)),
      serviceId,
      days,
      price,
    })
    .returning();
  return row;
}

/** Region + place in it, a second region, three comforts and two types: what a cottage form needs. */
export async function catalogue(t: TestContext) {
  const r = await region(t, 'Toshkent viloyati');
  const p = await place(t, r.id, 'Chorvoq');
  const other = await region(t, 'Samarqand viloyati');
  const otherPlace = await place(t, other.id, 'Urgut');
  const cs = [await comfort(t, 'Wi-Fi'), await comfort(t, 'Pool'), await comfort(t, 'Sauna')];
  const ts = [await cottageType(t, 'Dacha'), await cottageType(t, 'Mosque', true)];
  return { region: r, place: p, otherRegion: other, otherPlace, comforts: cs, types: ts };
}

/** A user whose only role holds exactly `codes`; answers its access token and id. */
export async function userWith(t: TestContext, codes: string[], extra: { name?: string; image?: string } = {}) {
  const db = t.database.db;
  const username = `u_${suffix()}`;
  const password = 'password-123';
  const [role] = await db.insert(roles).values({ name: `role_${suffix()}` }).returning({ id: roles.id });
  if (codes.length) {
    const perms = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.code, codes));
    if (perms.length !== codes.length) throw new Error(`unknown permission among ${codes.join(', ')}`);
    await db.insert(rolePermissions).values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })));
  }
  const [user] = await db
    .insert(users)
    .values({ username, name: extra.name ?? username, image: extra.image, passwordHash: await hashPassword(password) })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const token = codes.length ? (await t.login(username, password)).accessToken : undefined;
  return { id: user.id, username, token };
}

export async function adminId(t: TestContext) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  return row.id;
}
