/** Shared set-up for the catalogue tests: translations, limited users, images on disk. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { multipart, type TestContext } from './helpers';
import { pngImage } from './images';

let counter = 0;
export const uniqueCode = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${(counter++).toString(36)}_${randomBytes(2).toString('hex')}`;

/** Creates a translation with a definition in uz, ru and en; answers its id. */
export async function createTranslation(t: TestContext, text: string, opts: { type?: 'content' | 'error'; code?: string } = {}): Promise<string> {
  const codes = ((await t.api({ method: 'GET', url: '/api/v1/language' })).json() as { code: string }[]).map((l) => l.code);
  const res = await t.api({
    method: 'POST',
    url: '/api/v1/translate',
    payload: {
      code: opts.code ?? uniqueCode('t'),
      type: opts.type ?? 'content',
      definition: Object.fromEntries(codes.map((c) => [c, `${text} ${c}`])),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A user holding exactly these permission codes; answers an access token. */
export async function tokenWith(t: TestContext, codes: string[]): Promise<string> {
  const models = (await t.api({ method: 'GET', url: '/api/v1/models' })).json() as { permission: { id: string; code: string }[] }[];
  const ids = models.flatMap((g) => g.permission).filter((p) => codes.includes(p.code)).map((p) => p.id);
  expect(ids).toHaveLength(codes.length);
  const role = await t.api({ method: 'POST', url: '/api/v1/role/add', payload: { name: uniqueCode('role'), permissions: ids } });
  expect(role.statusCode, role.body).toBe(201);
  const username = uniqueCode('u');
  const password = 'limited-password-1';
  const user = await t.api({ method: 'POST', url: '/api/v1/user/add', payload: { username, password, roles: [role.json().id] } });
  expect(user.statusCode, user.body).toBe(201);
  return (await t.login(username, password)).accessToken;
}

export async function imageForm(fields: Record<string, string | undefined>, file?: Buffer, field = 'image', filename = 'pic.png') {
  return multipart(fields, file ? [{ field, filename, content: file, type: 'image/png' }] : []);
}

export async function png() {
  return pngImage(16 + (counter++ % 10), 12);
}

export function fileExists(t: TestContext, publicPath: string | null | undefined): boolean {
  return Boolean(publicPath) && existsSync(path.join(t.dataDir, publicPath!));
}
