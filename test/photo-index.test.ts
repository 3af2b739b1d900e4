/**
 * The in-process photo index (`repos/photo-index.ts`): another worker's index sees what this one wrote and forgets
 * what was deleted, and (PostgreSQL, where transactions run side by side) a write that commits after a later one is
 * not skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, multipart, type TestContext } from './helpers';
import { catalogue, userWith } from './fixtures';
import { photo } from './photos';
import { photoPrint } from '../src/server/images/phash';
import { PhotoIndex } from '../src/server/repos/photo-index';
import { nearPhotos, storeImageHashes } from '../src/server/repos/signals';
import { signalsSettled } from '../src/server/routes/cottage-signals';

let t: TestContext;
let c: Awaited<ReturnType<typeof catalogue>>;
const api = '/api/v1';

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
});
afterAll(() => t.close());

async function cottageWith(main: Buffer, token?: string) {
  const form = multipart({ name: 'Index dacha', description: 'Bog‘ va hovuz', price: 1_000_000, priceWeekend: 1_200_000, regionId: c.region.id, placeId: c.place.id }, [
    { field: 'mainImage', filename: 'p.jpg', content: main, type: 'image/jpeg' },
  ]);
  const res = await t.api({ method: 'POST', url: `${api}/cottage/add`, ...form, token });
  expect(res.statusCode, res.body).toBe(201);
  // The upload's hashes are stored with its signals, just after the answer.
  await signalsSettled(t.app.db);
  return res.json() as { id: string; images: { id: string; image: string }[] };
}

describe('the photo index', () => {
  it('a second worker\'s index finds the photo this one stored, and drops it once the cottage is deleted', async () => {
    const db = t.database.db;
    const worker = new PhotoIndex();
    await worker.refresh(db);
    const before = worker.size;
    const original = await photo(31);
    const owner = await userWith(t, ['cottage.create', 'cottage.show', 'cottage.list']);
    const made = await cottageWith(original, owner.token);
    const query = await photoPrint(original);
    const found = await nearPhotos(db, worker, query, { limit: 5 });
    // (The upload is re-encoded: its window hashes are a bit or two from the original's.)
    expect(found.map((f) => [f.cottageId, f.imageId])).toEqual([[made.id, made.images[0].id]]);
    expect(found[0].bits).toBeLessThanOrEqual(4);
    expect(worker.size).toBe(before + 1);
    expect(await nearPhotos(db, worker, query, { limit: 5, notCottage: made.id })).toEqual([]);

    expect((await t.api({ method: 'DELETE', url: `${api}/cottage/delete/${made.id}` })).statusCode).toBe(200);
    expect(await nearPhotos(db, worker, query, { limit: 5 })).toEqual([]);
    expect(worker.size).toBe(before);
  });

  it('a replaced file\'s new hashes are found and its old ones no longer are', async () => {
    const db = t.database.db;
    const worker = new PhotoIndex();
    const made = await cottageWith(await photo(41));
    const oldHashes = await photoPrint(await photo(41));
    expect((await nearPhotos(db, worker, oldHashes, { limit: 5 })).map((f) => f.cottageId)).toEqual([made.id]);
    const newHashes = await photoPrint(await photo(42));
    await db.transaction((tx) => storeImageHashes(tx, made.images[0].id, newHashes));
    expect(await nearPhotos(db, worker, oldHashes, { limit: 5 })).toEqual([]);
    expect((await nearPhotos(db, worker, newHashes, { limit: 5 })).map((f) => f.cottageId)).toEqual([made.id]);
  });

  it('decides candidates by the window hashes it holds: a search reads only its matches from the database', async () => {
    const db = t.database.db;
    const made = await cottageWith(await photo(55));
    const worker = new PhotoIndex();
    await worker.refresh(db);
    let statements = 0;
    const counted = new Proxy(db, {
      get: (target, key) => (key === 'execute' ? (...args: Parameters<typeof db.execute>) => (statements++, target.execute(...args)) : Reflect.get(target, key)),
    });
    // A candidate (the same 64-bit hashes) that the window hashes reject: no statement at all (its window hashes were
    // read from the database before).
    const stranger = { hashes: (await photoPrint(await photo(55))).hashes, windows: (await photoPrint(await photo(56))).windows };
    expect(await nearPhotos(counted, worker, stranger, { limit: 5, refreshed: true })).toEqual([]);
    expect(statements).toBe(0);
    const found = await nearPhotos(counted, worker, await photoPrint(await photo(55)), { limit: 5, refreshed: true });
    expect(found.map((f) => f.imageId)).toEqual([made.images[0].id]);
    expect(statements).toBe(1);
  });

  it('a sweep drops the images deleted meanwhile that no search met', async () => {
    const db = t.database.db;
    const made = await cottageWith(await photo(57));
    const worker = new PhotoIndex();
    await worker.refresh(db);
    const before = worker.size;
    expect((await t.api({ method: 'DELETE', url: `${api}/cottage/delete/${made.id}` })).statusCode).toBe(200);
    // A catch-up reads what was written: a deletion leaves nothing to read.
    await worker.refresh(db);
    expect(worker.size).toBe(before);
    await worker.sweep(db);
    expect(worker.size).toBe(before - 1);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')('a write that commits after a later one is still read', async () => {
    const db = t.database.db;
    const early = await cottageWith(await photo(51));
    const late = await cottageWith(await photo(52));
    const [earlyHashes, lateHashes] = [await photoPrint(await photo(53)), await photoPrint(await photo(54))];
    const worker = new PhotoIndex();
    await worker.refresh(db);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    // The early transaction takes its id first, writes, and stays open while a later one commits.
    const slow = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_current_xact_id()`);
      await storeImageHashes(tx, early.images[0].id, earlyHashes);
      written();
      await held;
    });
    await wrote;
    await db.transaction((tx) => storeImageHashes(tx, late.images[0].id, lateHashes));
    expect((await nearPhotos(db, worker, lateHashes, { limit: 5 })).map((f) => f.cottageId)).toEqual([late.id]);
    expect(await nearPhotos(db, worker, earlyHashes, { limit: 5 })).toEqual([]);
    commit();
    await slow;
    expect((await nearPhotos(db, worker, earlyHashes, { limit: 5 })).map((f) => f.cottageId)).toEqual([early.id]);
  });
});
