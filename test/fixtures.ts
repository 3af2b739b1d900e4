/**
 * The one place tests make data: translations, catalogue rows and users holding exactly the permissions a test needs
 * are inserted straight through drizzle (the routes that create them are tested on their own), and image files for
 * multipart bodies come from here too.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import {
  comforts,
  cottageTypes,
  definitions,
  languages,
  permissions,
  places,
  regions,
  retiredFiles,
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
import { pngImage } from './images';

const suffix = () => randomBytes(4).toString('hex');
let counter = 0;
/** A code no other test row holds, readable in failure messages. */
export const uniqueCode = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${(counter++).toString(36)}_${suffix()}`;

/**
 * A translation with a definition in every language of the database, `"<text> <language code>"` (e.g. `Pool uz`);
 * answers its id. Unused, so its derived status is inactive.
 */
export async function translation(t: TestContext, text: string, opts: { type?: 'content' | 'error'; code?: string } = {}): Promise<string> {
  const db = t.database.db;
  const [row] = await db
    .insert(translations)
    .values({ code: opts.code ?? uniqueCode('t'), type: opts.type ?? 'content' })
    .returning({ id: translations.id });
  const langs = await db.select().from(languages);
  await db.insert(definitions).values(langs.map((l) => ({ translationId: row.id, languageId: l.id, value: `${text} ${l.code}` })));
  return row.id;
}

export async function region(t: TestContext, name = `Region ${suffix()}`) {
  const [row] = await t.database.db.insert(regions).values({ nameTranslateId: await translation(t, name) }).returning();
  return row;
}

export async function place(t: TestContext, regionId: string, name = `Place ${suffix()}`) {
  const [row] = await t.database.db.insert(places).values({ nameTranslateId: await translation(t, name), regionId, image: null }).returning();
  return row;
}

async function comfort(t: TestContext, name = `Comfort ${suffix()}`) {
  const [row] = await t.database.db
    .insert(comforts)
    .values({ nameTranslateId: await translation(t, name), image: `uploads/images/${suffix()}.png` })
    .returning();
  return row;
}

async function cottageType(t: TestContext, name = `Type ${suffix()}`, hidePrice = false) {
  const [row] = await t.database.db.insert(cottageTypes).values({ nameTranslateId: await translation(t, name), image: null, hidePrice }).returning();
  return row;
}

export async function service(t: TestContext, serviceCode: 'top' | 'recommended' = 'top', name = `Service ${suffix()}`) {
  const nameTranslateId = await translation(t, name);
  const descriptionTranslateId = await translation(t, `${name} description`);
  const [row] = await t.database.db.insert(services).values({ nameTranslateId, descriptionTranslateId, serviceCode }).returning();
  return row;
}

export async function tariff(t: TestContext, serviceId: string, days = 7, price = 50000, name = `Tariff ${suffix()}`) {
  const typeTranslateId = await translation(t, name);
  const descriptionTranslateId = await translation(t, `${name} description`);
  const [row] = await t.database.db.insert(tariffs).values({ typeTranslateId, descriptionTranslateId, serviceId, days, price }).returning();
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

export interface TestUser {
  id: string;
  username: string;
  password: string;
  /** An access token; reading it for a user without permissions throws, as such a user cannot log in. */
  token: string;
}

/** A user whose only role holds exactly `codes` (none: a plain marketplace user); a random username unless given. */
export async function userWith(t: TestContext, codes: string[], extra: { name?: string; image?: string; username?: string; password?: string } = {}): Promise<TestUser> {
  const db = t.database.db;
  const username = extra.username ?? `u_${suffix()}`;
  const password = extra.password ?? 'password-123';
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
  return {
    id: user.id,
    username,
    password,
    // A getter, not `undefined`: `t.api({ token: undefined })` would silently call as the admin.
    get token() {
      if (!token) throw new Error(`${username} holds no permission and cannot log in`);
      return token;
    },
  };
}

export async function adminId(t: TestContext) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  return row.id;
}

/** A real 32×24 PNG, made once. */
export const PNG = await pngImage();

/** One file part for `multipart()`: a real PNG unless `content` says otherwise (the server reads the bytes, not the name or type). */
export function imageFile(field = 'image', content: Buffer = PNG, filename = 'pic.png', type = 'image/png') {
  return { field, filename, content, type };
}

/** Whether a public path the API answered (`uploads/images/…`) exists in the test's data folder. */
export function fileExists(t: TestContext, publicPath: string | null | undefined): boolean {
  return Boolean(publicPath) && existsSync(path.join(t.dataDir, publicPath!));
}

/** Whether a deleted record's file is kept for a revert: still on disk and listed as retired (`retired_file`). */
export async function retired(t: TestContext, publicPath: string | null | undefined): Promise<boolean> {
  if (!publicPath || !fileExists(t, publicPath)) return false;
  return (await t.database.db.select().from(retiredFiles).where(eq(retiredFiles.path, publicPath))).length === 1;
}
