import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import type { ApiResponse } from './httpClient';
import { createDataProvider, type Http } from './dataProvider';
import { changesOf, ConflictError, conflictStore, type Conflict } from './conflict';

interface Call {
  method: string;
  path: string;
  headers: Headers;
}

/** A fake http that records each call's headers; `answer` may throw like the real client does for a 409. */
function fakeHttp(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const http: Http = async <T,>(path: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', path, headers: new Headers(init.headers) };
    calls.push(call);
    return { status: 200, headers: new Headers(), json: answer(call) as T } satisfies ApiResponse<T>;
  };
  return { http, calls };
}

const V1 = '2026-01-01T00:00:00.000Z';
const V2 = '2026-01-01T00:00:05.000Z';
const opened = { id: 'c1', name: 'Old hut', price: 100, regionId: 'r1', region: { id: 'r1', name: 'Tashkent' }, updatedAt: V1 };
const current = { ...opened, name: 'New hut', updatedAt: V2 };

afterEach(() => conflictStore.set(null));

describe('update names the version it was opened on', () => {
  it('sends If-Match from previousData.updatedAt, or meta.version to overwrite; none when the record has none', async () => {
    const { http, calls } = fakeHttp(() => ({ ...opened, price: 150 }));
    const dp = createDataProvider(http);
    await dp.update('cottage', { id: 'c1', data: { ...opened, price: 150 }, previousData: opened });
    expect(calls[0].headers.get('if-match')).toBe(V1);
    await dp.update('cottage', { id: 'c1', data: { ...opened, price: 150 }, previousData: opened, meta: { version: V2 } });
    expect(calls[1].headers.get('if-match')).toBe(V2);
    const { updatedAt: _, ...unversioned } = opened;
    await dp.update('cottage', { id: 'c1', data: { ...unversioned, price: 150 }, previousData: unversioned });
    expect(calls[2].headers.has('if-match')).toBe(false);
  });

  it('turns a 409 with the current record into a ConflictError and publishes it; other 409s pass as they are', async () => {
    const { http } = fakeHttp(() => {
      throw new HttpError('changed', 409, { current });
    });
    const data = { ...opened, price: 150 };
    const error = await createDataProvider(http)
      .update('cottage', { id: 'c1', data, previousData: opened })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe('app.conflict.message');
    expect(conflictStore.get()).toMatchObject({ resource: 'cottage', id: 'c1', data, previousData: opened, current: { name: 'New hut' } });

    conflictStore.set(null);
    const plain = fakeHttp(() => {
      throw new HttpError('Translation is already in use', 409, {});
    });
    const other = await createDataProvider(plain.http)
      .update('region', { id: 'r1', data: { nameTranslateId: 't2' }, previousData: { id: 'r1', nameTranslateId: 't1', updatedAt: V1 } })
      .catch((e: unknown) => e);
    expect(other).not.toBeInstanceOf(ConflictError);
    expect(conflictStore.get()).toBeNull();
  });
});

describe('moderation names the versions the moderator saw', () => {
  it('one cottage with If-Match, several with per-id versions in the bulk body', async () => {
    const bodies: unknown[] = [];
    const { http, calls } = fakeHttp(() => ({ id: 'c1' }));
    const recording: Http = (path, init) => {
      bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
      return http(path, init);
    };
    const dp = createDataProvider(recording);
    await dp.moderateCottage('c1', 'confirmed', undefined, V1);
    expect(calls[0].headers.get('if-match')).toBe(V1);
    await dp.moderateCottages(['c1', 'c2'], 'rejected', 'Blurry', { c1: V1, c2: V2 });
    expect(bodies[1]).toEqual({ ids: ['c1', 'c2'], data: { cottageStatus: 'rejected', reason: 'Blurry' }, versions: { c1: V1, c2: V2 } });
    await dp.moderateCottages(['c1'], 'rejected');
    expect(bodies[2]).toEqual({ ids: ['c1'], data: { cottageStatus: 'rejected' } });
  });
});

describe('changesOf', () => {
  it('lists the fields either side changed that differ now, with the value sent and the current one; ids beside their names are left out', () => {
    const conflict: Conflict = {
      resource: 'cottage',
      id: 'c1',
      data: { ...opened, price: 150, description: 'Mine' },
      previousData: { ...opened, description: '', status: 'active' },
      current: { ...current, price: 120, description: '', status: 'active', regionId: 'r2', region: { id: 'r2', name: 'Samarkand' } },
    };
    expect(changesOf(conflict)).toEqual([
      { field: 'name', yours: 'Old hut', current: 'New hut' },
      { field: 'price', yours: '150', current: '120' },
      { field: 'region', yours: 'Tashkent', current: 'Samarkand' },
      { field: 'description', yours: 'Mine', current: '' },
    ]);
  });

  it('names referenced records of an id list by their names', () => {
    const before = { id: 'c1', comforts: ['a'], comfortsRecords: [{ id: 'a', name: 'Pool' }], updatedAt: V1 };
    const now = { id: 'c1', comforts: ['a', 'b'], comfortsRecords: [{ id: 'a', name: 'Pool' }, { id: 'b', name: 'Sauna' }], updatedAt: V2 };
    expect(changesOf({ resource: 'cottage', id: 'c1', data: before, previousData: before, current: now })).toEqual([
      { field: 'comforts', yours: 'Pool', current: 'Pool, Sauna' },
    ]);
  });
});
