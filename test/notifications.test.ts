import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { userWith } from './fixtures';
import { notifications } from '../src/server/db/schema';

let t: TestContext;
let target: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  target = await userWith(t, [], { name: 'Dilnoza', image: 'uploads/images/dilnoza.png' });
});
afterAll(() => t.close());

const add = (payload: unknown, token?: string) => t.api({ method: 'POST', url: '/api/v1/notification/add', payload: payload as object, token });

describe('notifications', () => {
  it('sends a public notification (201) and lists it', async () => {
    const res = await add({ message: 'Bayram muborak!', type: 'public', userId: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Bayram muborak!', type: 'public', userId: null, name: null, image: null });
    const list = await t.api({ method: 'GET', url: '/api/v1/notification/all/' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((n: { id: string }) => n.id)).toContain(res.json().id);
  });

  it('sends a personal notification with the user\'s name and image', async () => {
    const res = await add({ message: 'Your cottage was confirmed', type: 'personal', userId: target.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'personal', userId: target.id, name: 'Dilnoza', image: 'uploads/images/dilnoza.png' });
    const filter = encodeURIComponent(JSON.stringify({ type: 'personal' }));
    const list = await t.api({ method: 'GET', url: `/api/v1/notification/all?filter=${filter}&range=[0,9]` });
    expect(list.json().map((n: { id: string }) => n.id)).toEqual([res.json().id]);
    expect(list.headers['x-total-count']).toBe('1');
    const q = await t.api({ method: 'GET', url: `/api/v1/notification/all?filter=${encodeURIComponent('{"q":"dilnoza"}')}` });
    expect(q.json()).toHaveLength(1);
  });

  it('rejects inconsistent targets and bad bodies with 4xx', async () => {
    expect((await add({ message: 'x', type: 'personal', userId: null })).statusCode).toBe(400);
    expect((await add({ message: 'x', type: 'public', userId: target.id })).statusCode).toBe(400);
    expect((await add({ message: 'x', type: 'personal', userId: '3b1f0f3e-1111-4222-8333-444455556666' })).statusCode).toBe(404);
    expect((await add({ message: 'x', type: 'personal', userId: 'nope' })).statusCode).toBe(400);
    expect((await add({ message: '', type: 'public' })).statusCode).toBe(400);
    expect((await add({ message: 'x', type: 'alert' })).statusCode).toBe(400);
    expect((await add({ type: 'public' })).statusCode).toBe(400);
  });

  it('deletes (answers the record) and 404s afterwards', async () => {
    const made = (await add({ message: 'to delete', type: 'public' })).json();
    const res = await t.api({ method: 'DELETE', url: `/api/v1/notification/delete/${made.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(made.id);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.id, made.id))).toHaveLength(0);
    expect((await t.api({ method: 'DELETE', url: `/api/v1/notification/delete/${made.id}` })).statusCode).toBe(404);
  });

  it('guards every call', async () => {
    const reader = await userWith(t, ['notification.list']);
    expect((await add({ message: 'x', type: 'public' }, reader.token)).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/api/v1/notification/all', token: reader.token })).statusCode).toBe(200);
    const none = await userWith(t, ['stats.view']);
    expect((await t.api({ method: 'GET', url: '/api/v1/notification/all', token: none.token })).statusCode).toBe(403);
    expect((await t.api({ method: 'GET', url: '/api/v1/notification/all', token: null })).statusCode).toBe(401);
    const made = (await add({ message: 'keep', type: 'public' })).json();
    expect((await t.api({ method: 'DELETE', url: `/api/v1/notification/delete/${made.id}`, token: reader.token })).statusCode).toBe(403);
  });
});
