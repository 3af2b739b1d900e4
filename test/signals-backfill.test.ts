/**
 * Signals for what was written without them (`routes/signals-backfill.ts`): cottages and images a seed or a restore
 * wrote straight into the tables get their hashes and signals from the backfill, once, and a missing file does not
 * stop it or get read again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestContext } from './helpers';
import { catalogue, userWith } from './fixtures';
import { photo } from './photos';
import { cottageImageHashes, cottageImages, cottages } from '../src/server/db/schema';
import { backfillInOneWorker, backfillSignals } from '../src/server/routes/signals-backfill';
import { cottageFingerprints } from '../src/server/db/schema';
import { BACKFILL_LOCK, cottagesToBackfill, markRelatedPending, nearPhotos, recomputeCottageSignals } from '../src/server/repos/signals';
import { photoPrint, WINDOW_BYTES, WINDOW_COUNT } from '../src/server/images/phash';

/** 81 windows and the mirrored whole, 32 bytes each. */
const WINDOWS_LENGTH = (WINDOW_COUNT + 1) * WINDOW_BYTES;
import { photoIndexOf } from '../src/server/repos/photo-index';
import { signalsSettled } from '../src/server/routes/cottage-signals';
import { sql } from 'drizzle-orm';

let t: TestContext;
let c: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
});
afterAll(() => t.close());

describe('the signals backfill', () => {
  it('hashes the images and computes the signals of cottages written straight into the tables, once', async () => {
    const sharp = (await import('sharp')).default;
    const [first, second] = [await userWith(t, ['cottage.show']), await userWith(t, ['cottage.show'])];
    const original = await photo(61);
    const copy = await sharp(original).flop().resize(400).jpeg({ quality: 65 }).toBuffer();
    const base = { price: 1_000_000, priceWeekend: 1_200_000, regionId: c.region.id, placeId: c.place.id };
    const rows = await t.database.db
      .insert(cottages)
      .values([
        { ...base, name: 'Seeded original', description: 'Bog‘ va hovuz', userId: first.id },
        { ...base, name: 'Seeded copy', description: 'Aloqa uchun: to‘qson bir, bir yuz yigirma uch, qirq besh, oltmish yetti', userId: second.id },
        { ...base, name: 'Seeded, file lost', description: 'Tinch joy', userId: first.id },
      ])
      .returning({ id: cottages.id });
    const [a, b, lost] = rows.map((r) => r.id);
    await t.database.db.insert(cottageImages).values([
      { cottageId: a, image: await t.app.storage.save(original, 'jpg'), isMainImage: true },
      { cottageId: b, image: await t.app.storage.save(copy, 'jpg'), isMainImage: true },
      { cottageId: lost, image: 'uploads/images/00000000-0000-4000-8000-00000000dead.jpg', isMainImage: true },
    ]);
    const risk = async (id: string) => (await t.database.db.select({ risk: cottages.risk, kinds: cottages.signalKinds }).from(cottages).where(eq(cottages.id, id)))[0];
    expect(await risk(b)).toEqual({ risk: 0, kinds: [] });

    expect(await backfillSignals(t.app)).toBeGreaterThanOrEqual(3);
    expect((await risk(b)).kinds).toEqual(['contact', 'photo']);
    expect((await risk(a)).kinds).toEqual(['photo']);
    expect(await risk(lost)).toEqual({ risk: 0, kinds: [] });
    const hashes = await t.database.db
      .select({ cottageId: cottageImages.cottageId, n: cottageImageHashes.hashes, windows: cottageImageHashes.windows, image: cottageImageHashes.image })
      .from(cottageImageHashes)
      .innerJoin(cottageImages, eq(cottageImages.id, cottageImageHashes.imageId))
      .where(inArray(cottageImages.cottageId, [a, b, lost]));
    expect(hashes.map((h) => [h.cottageId, h.n.length]).sort()).toEqual([[a, 4], [b, 4], [lost, 0]].sort());
    expect(hashes.map((h) => [h.cottageId, h.windows?.length]).sort()).toEqual([[a, WINDOWS_LENGTH], [b, WINDOWS_LENGTH], [lost, 0]].sort());

    const res = await t.api({ method: 'GET', url: `/api/v1/cottage/${b}/signals`, headers: { 'accept-language': 'uz' } });
    expect(res.json().signals.map((s: { kind: string; relatedId: string | null }) => [s.kind, s.relatedId])).toEqual(expect.arrayContaining([['photo', a], ['contact', null]]));
    // Nothing is left: a second run recomputes nothing, the lost file included.
    expect(await backfillSignals(t.app)).toBe(0);
  });

  it('an image hashed before window hashes (migration 0022 leaves them null) is still matched by its 64-bit hashes, then hashed again by the backfill', async () => {
    const db = t.database.db;
    const owner = await userWith(t, ['cottage.show']);
    const original = await photo(81);
    const [row] = await db.insert(cottages).values({ price: 1, priceWeekend: 1, regionId: c.region.id, placeId: c.place.id, name: 'Hashed long ago', description: 'Tinch joy', userId: owner.id }).returning({ id: cottages.id });
    const [image] = await db.insert(cottageImages).values({ cottageId: row.id, image: await t.app.storage.save(original, 'jpg'), isMainImage: true }).returning({ id: cottageImages.id });
    await backfillSignals(t.app);
    const windowsOf = async () => (await db.select({ w: cottageImageHashes.windows }).from(cottageImageHashes).where(eq(cottageImageHashes.imageId, image.id)))[0].w;
    expect((await windowsOf())?.length).toBe(WINDOWS_LENGTH);
    // As the migration left the rows hashed before it.
    await db.update(cottageImageHashes).set({ windows: null }).where(eq(cottageImageHashes.imageId, image.id));
    expect(await windowsOf()).toBeNull();
    expect(await cottagesToBackfill(db, null, 1000)).toContain(row.id);
    const near = await nearPhotos(db, photoIndexOf(db), await photoPrint(original), { limit: 5 });
    expect(near.map((n) => [n.imageId, n.bits])).toContainEqual([image.id, 0]);

    expect(await backfillSignals(t.app)).toBeGreaterThanOrEqual(1);
    const windows = await windowsOf();
    expect(windows?.length).toBe(WINDOWS_LENGTH);
    expect(Buffer.from(windows!).equals((await photoPrint(original)).windows)).toBe(true);
    expect(await cottagesToBackfill(db, null, 1000)).not.toContain(row.id);
  });

  it('catches up a related recompute that was owed when the process stopped (the write had answered), and clears the mark', async () => {
    const [first, second] = [await userWith(t, ['cottage.show']), await userWith(t, ['cottage.show'])];
    const base = { price: 1_000_000, priceWeekend: 1_200_000, regionId: c.region.id, placeId: c.place.id, description: 'Tinch joy' };
    const rows = await t.database.db
      .insert(cottages)
      .values([
        { ...base, name: 'Pin here', latitude: 40.1, longitude: 65.1, userId: first.id },
        { ...base, name: 'Pin beside', latitude: 40.1001, longitude: 65.1001, userId: second.id },
      ])
      .returning({ id: cottages.id });
    const [here, beside] = rows.map((r) => r.id);
    await backfillSignals(t.app);
    const kinds = async (id: string) => (await t.database.db.select({ kinds: cottages.signalKinds }).from(cottages).where(eq(cottages.id, id)))[0].kinds;
    expect(await kinds(beside)).toEqual(['twin']);
    // An edit moves one pin away: its own recompute runs and the other is marked owed (as before the write's answer);
    // the process stops before running the other's.
    await t.database.db.update(cottages).set({ latitude: 40.5 }).where(eq(cottages.id, here));
    const own = await t.database.db.transaction((tx) => recomputeCottageSignals(tx, photoIndexOf(t.app.db), here));
    expect(own.related).toContain(beside);
    await markRelatedPending(t.database.db, [beside]);
    expect(await kinds(beside)).toEqual(['twin']);
    const pending = async () => (await t.database.db.select({ p: cottageFingerprints.relatedPending }).from(cottageFingerprints).where(eq(cottageFingerprints.cottageId, beside)))[0].p;
    expect(await pending()).toBe(true);

    expect(await backfillSignals(t.app)).toBeGreaterThanOrEqual(1);
    expect(await kinds(beside)).toEqual([]);
    expect(await pending()).toBe(false);
    expect(await backfillSignals(t.app)).toBe(0);
  });

  it('an edit marks its cottage owed in its own transaction: a recompute after the answer that never happens is the next start\'s', async () => {
    const [row] = await t.database.db
      .insert(cottages)
      .values({ name: 'Owed after the answer', description: 'Tinch joy', price: 1_000_000, priceWeekend: 1_200_000, regionId: c.region.id, placeId: c.place.id })
      .returning({ id: cottages.id });
    await backfillSignals(t.app);
    const state = async () => {
      const [r] = await t.database.db
        .select({ kinds: cottages.signalKinds, owed: cottageFingerprints.relatedPending })
        .from(cottages)
        .innerJoin(cottageFingerprints, eq(cottageFingerprints.cottageId, cottages.id))
        .where(eq(cottages.id, row.id));
      return r;
    };
    expect(await state()).toEqual({ kinds: [], owed: false });
    // The recompute after the answer fails (as if the process had died then): its table is away.
    await t.database.db.execute(sql`alter table cottage_signal rename to cottage_signal_away`);
    try {
      const res = await t.api({ method: 'PATCH', url: `/api/v1/cottage/edit/${row.id}`, payload: { description: 'Aloqa: to‘qson bir, bir yuz yigirma uch, qirq besh, oltmish yetti' } });
      expect(res.statusCode, res.body).toBe(200);
      await signalsSettled(t.app.db);
    } finally {
      await t.database.db.execute(sql`alter table cottage_signal_away rename to cottage_signal`);
    }
    expect(await state()).toEqual({ kinds: [], owed: true });
    expect(await backfillSignals(t.app)).toBeGreaterThanOrEqual(1);
    expect(await state()).toEqual({ kinds: ['contact'], owed: false });
  });

  it('runs in one worker: on PostgreSQL a start that finds the lock taken skips it (PGlite is one process)', async () => {
    await t.database.db.insert(cottages).values({ name: 'Waiting for signals', price: 1, priceWeekend: 1, regionId: c.region.id, placeId: c.place.id });
    if (t.database.kind === 'postgres') {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const taken = new Promise<void>((resolve) => (locked = resolve));
      const other = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK})`);
        locked();
        await released;
      });
      await taken;
      expect(await backfillInOneWorker(t.app, () => false)).toBeUndefined();
      release();
      await other;
    }
    expect(await backfillInOneWorker(t.app, () => false)).toBe(1);
  });
});
