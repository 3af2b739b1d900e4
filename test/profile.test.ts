import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestContext } from './helpers';
import { fileExists, imageFile, PNG, userWith } from './fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login/admin', payload: { username, password } });

describe('POST /user/me/password', () => {
  it('changes the password without user.edit and ends the other sessions only', async () => {
    const me = await userWith(t, ['cottage.list']);
    const other = (await t.login(me.username, me.password)).accessToken;
    const res = await t.api({ method: 'POST', url: '/api/v1/user/me/password', token: me.token, payload: { currentPassword: me.password, newPassword: 'brand-new-pass' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('brand-new-pass');
    expect((await t.api({ method: 'GET', url: '/api/v1/user/me', token: me.token })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/api/v1/user/me', token: other })).statusCode).not.toBe(200);
    expect((await login(me.username, 'brand-new-pass')).statusCode).toBe(201);
    expect((await login(me.username, me.password)).statusCode).toBe(401);
  });

  it('answers 400 on a wrong current password and changes nothing', async () => {
    const me = await userWith(t, ['cottage.list']);
    const res = await t.api({ method: 'POST', url: '/api/v1/user/me/password', token: me.token, payload: { currentPassword: 'not-it-at-all', newPassword: 'brand-new-pass' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/current password/i);
    expect((await login(me.username, me.password)).statusCode).toBe(201);
  });

  it('rejects bad input with 400 and needs a token', async () => {
    const me = await userWith(t, ['cottage.list']);
    const url = '/api/v1/user/me/password';
    for (const payload of [{}, { currentPassword: me.password }, { currentPassword: me.password, newPassword: 'short' }, { currentPassword: '', newPassword: 'long-enough-1' }, { currentPassword: me.password, newPassword: 12345678 }]) {
      expect((await t.api({ method: 'POST', url, token: me.token, payload })).statusCode).toBe(400);
    }
    expect((await t.api({ method: 'POST', url, token: null, payload: { currentPassword: 'x', newPassword: 'long-enough-1' } })).statusCode).toBe(401);
    expect((await login(me.username, me.password)).statusCode).toBe(201);
  });
});

describe('POST /user/me/password: the strength rule', () => {
  it('refuses a common password, or one containing the username, in the request language', async () => {
    const me = await userWith(t, ['cottage.list']);
    const change = (newPassword: string, lang: string) =>
      t.api({ method: 'POST', url: '/api/v1/user/me/password', token: me.token, headers: { 'accept-language': lang }, payload: { currentPassword: me.password, newPassword } });
    const common = await change('Password1!', 'ru');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields.newPassword).toMatch(/распространён/);
    const named = await change(`my-${me.username}-2024`, 'uz');
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe('Parolda foydalanuvchi nomi boʻlmasligi kerak.');
    expect((await change('qwerty123', 'en')).json().message).toMatch(/too common/);
    expect((await login(me.username, me.password)).statusCode).toBe(201);
  });
});

describe('PATCH /user/me', () => {
  it('changes the own name and e-mail without user.edit, and nothing else', async () => {
    const me = await userWith(t, ['cottage.list'], { name: 'Old Name' });
    const res = await t.api({ method: 'PATCH', url: '/api/v1/user/me', token: me.token, payload: { name: 'New Name', email: 'me@example.com', username: 'hijack', roles: [] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, name: 'New Name', email: 'me@example.com', username: me.username, permissions: ['cottage.list'] });
    expect(res.json().roles).toHaveLength(1);
    expect(res.body).not.toMatch(/password/i);
  });

  it('replaces the photo by multipart and removes the old file', async () => {
    const me = await userWith(t, ['cottage.list']);
    const first = await t.api({ method: 'PATCH', url: '/api/v1/user/me', token: me.token, ...multipart({ name: 'Pic' }, [imageFile()]) });
    expect(first.statusCode).toBe(200);
    const path1 = first.json().image;
    expect(path1).toMatch(/^uploads\/images\//);
    expect(fileExists(t, path1)).toBe(true);
    const second = await t.api({ method: 'PATCH', url: '/api/v1/user/me', token: me.token, ...multipart({}, [imageFile('image', PNG, 'b.png')]) });
    expect(second.statusCode).toBe(200);
    expect(second.json().name).toBe('Pic');
    expect(fileExists(t, second.json().image)).toBe(true);
    expect(fileExists(t, path1)).toBe(false);
  });

  it('rejects bad input with 400 and needs a token', async () => {
    const me = await userWith(t, ['cottage.list']);
    const url = '/api/v1/user/me';
    expect((await t.api({ method: 'PATCH', url, token: me.token, payload: { email: 'not-an-email' } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url, token: me.token, payload: { name: 'x'.repeat(200) } })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url, token: me.token, ...multipart({}, [imageFile('image', Buffer.from('not an image'))]) })).statusCode).toBe(415);
    expect((await t.api({ method: 'PATCH', url, token: me.token, ...multipart({}, [imageFile('photo')]) })).statusCode).toBe(400);
    expect((await t.api({ method: 'PATCH', url, token: null, payload: { name: 'x' } })).statusCode).toBe(401);
  });
});
