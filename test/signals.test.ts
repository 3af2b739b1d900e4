/**
 * Moderation signals (issue #35) through the API: each kind computed after the write that causes it, gone after the
 * edit that removes the cause, the score, the list's `risk`/`signalKinds`, its sort and filters, the messages in uz, ru
 * and en, and the other doors (bulk edit, revert).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestContext } from './helpers';
import { catalogue, imageFile, place, userWith, type TestUser } from './fixtures';
import { cottages } from '../src/server/db/schema';
import { photo, smoothPhoto } from './photos';
import { hashBits, NEAR_BITS, photoPrint } from '../src/server/images/phash';
import { recomputeSignals, signalsSettled } from '../src/server/routes/cottage-signals';
import { sql } from 'drizzle-orm';

let t: TestContext;
let c: Awaited<ReturnType<typeof catalogue>>;
let owner: TestUser;
let other: TestUser;
const api = '/api/v1';
const OWNER_PERMISSIONS = ['cottage.create', 'cottage.edit', 'cottage.show', 'cottage.list'];

beforeAll(async () => {
  t = await createTestApp();
  c = await catalogue(t);
  owner = await userWith(t, OWNER_PERMISSIONS);
  other = await userWith(t, OWNER_PERMISSIONS);
});
afterAll(() => t.close());

type Fields = Record<string, string | number | undefined>;

async function create(fields: Fields, token?: string) {
  const form = multipart(
    { name: 'Signal dacha', description: 'A quiet house by the river', price: 1_000_000, priceWeekend: 1_200_000, regionId: c.region.id, placeId: c.place.id, 'cottageType[]': [c.types[0].id], ...fields },
    [imageFile('mainImage')],
  );
  const res = await t.api({ method: 'POST', url: `${api}/cottage/add`, ...form, token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; risk: number; signalKinds: string[] };
}

/** A write answers at its commit and its signals follow it (`signalsSettled`): every read here waits for them first. */
async function signals(id: string, lang = 'en') {
  await settled();
  const res = await t.api({ method: 'GET', url: `${api}/cottage/${id}/signals`, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { score: number; signals: { kind: string; severity: string; message: string; evidence: Record<string, unknown>; relatedId: string | null }[] };
}

/** The written cottages' recompute, and their related cottages', run after the write answered. */
const settled = () => signalsSettled(t.app.db);

const one = async (id: string) => {
  await settled();
  return (await t.api({ method: 'GET', url: `${api}/cottage/${id}` })).json() as { risk: number; signalKinds: string[] };
};

async function list(filter: object, sort?: [string, string]) {
  await settled();
  const query = new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,99]' });
  if (sort) query.set('sort', JSON.stringify(sort));
  const res = await t.api({ method: 'GET', url: `${api}/cottage?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; risk: number; signalKinds: string[] }[];
}

describe('contact in text', () => {
  it('flags a phone number spelled in Uzbek words, explains it in uz, ru and en, and clears after the edit removing it', async () => {
    const created = await create({ description: 'Qo‘ng‘iroq qiling: to‘qson bir, bir yuz yigirma uch, qirq besh, oltmish yetti. Hovuz bor.' }, owner.token);
    expect(created.signalKinds).toEqual([]); // the answer is the record at commit; the signals follow it
    const found = await signals(created.id);
    expect(found.score).toBe(60);
    expect(found.signals).toHaveLength(1);
    expect(found.signals[0]).toMatchObject({ kind: 'contact', severity: 'high', relatedId: null });
    expect(found.signals[0].message).toContain('Contact details in the text');
    const match = (found.signals[0].evidence.matches as { field: string; text: string; start: number; end: number }[])[0];
    expect(match).toMatchObject({ field: 'description', type: 'phone', text: 'to‘qson bir, bir yuz yigirma uch, qirq besh, oltmish yetti' });
    expect((await signals(created.id, 'ru')).signals[0].message).toMatch(/^В тексте есть контакт/);
    expect((await signals(created.id, 'uz')).signals[0].message).toMatch(/^Matnda aloqa/);
    expect(await one(created.id)).toMatchObject({ risk: 60, signalKinds: ['contact'] });

    const edit = await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${created.id}`, payload: { description: 'Hovuz bor, daryo yonida.' }, token: owner.token });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await signals(created.id)).toEqual({ score: 0, signals: [] });
    expect(await one(created.id)).toMatchObject({ risk: 0, signalKinds: [] });
  });

  it('flags a Telegram handle in the name and an e-mail, and a revert of the edit that removed them brings the signal back', async () => {
    const created = await create({ name: 'Dacha tg: @chorvoq_dacha', description: 'Yozing: chorvoq@mail.ru' });
    const found = await signals(created.id);
    const types = (found.signals[0].evidence.matches as { type: string }[]).map((m) => m.type);
    expect(types).toEqual(['telegram', 'email']);
    await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${created.id}`, payload: { name: 'Dacha', description: 'Yozing saytda' } });
    expect((await signals(created.id)).signals).toEqual([]);
    const filter = encodeURIComponent(JSON.stringify({ resource: 'cottage', recordId: created.id }));
    const entries = (await t.api({ method: 'GET', url: `${api}/audit?filter=${filter}&sort=${encodeURIComponent('["createdAt","DESC"]')}` })).json();
    expect(entries[0].changes.risk).toBeUndefined();
    const reverted = await t.api({ method: 'POST', url: `${api}/audit/revert/${entries[0].id}` });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect((await signals(created.id)).signals.map((s) => s.kind)).toEqual(['contact']);
  });

  it('answers 404 for an unknown or malformed id, in the reader\'s language', async () => {
    const res = await t.api({ method: 'GET', url: `${api}/cottage/00000000-0000-4000-8000-000000000000/signals`, headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/[а-я]/);
    expect((await t.api({ method: 'GET', url: `${api}/cottage/nope/signals` })).statusCode).toBe(404);
  });

  it('needs cottage.show', async () => {
    const blind = await userWith(t, ['cottage.list']);
    const created = await create({});
    expect((await t.api({ method: 'GET', url: `${api}/cottage/${created.id}/signals`, token: blind.token })).statusCode).toBe(403);
  });
});

describe('price', () => {
  it('flags a price ≥ 5× the place median and a weekend price below the weekday one, with the median and range', async () => {
    const p = await place(t, c.region.id, `Priced ${Date.now()}`);
    await t.database.db.insert(cottages).values(
      Array.from({ length: 12 }, (_, i) => ({ name: `Peer ${i}`, price: 900_000 + i * 20_000, priceWeekend: 1_100_000 + i * 20_000, regionId: c.region.id, placeId: p.id, cottageStatus: 'confirmed' as const })),
    );
    const usual = await create({ placeId: p.id, price: 1_000_000, priceWeekend: 1_200_000 });
    expect((await signals(usual.id)).signals).toEqual([]);
    const typo = await create({ placeId: p.id, price: 10_000_000, priceWeekend: 1_200_000 });
    const found = await signals(typo.id);
    const keys = found.signals.map((s) => [s.kind, s.evidence.field]);
    expect(keys).toEqual(expect.arrayContaining([['price', 'price'], ['price', 'priceWeekend']]));
    const high = found.signals.find((s) => s.evidence.field === 'price' && s.evidence.median)!;
    expect(high.evidence).toMatchObject({ scope: 'place', count: 12, median: 1_010_000 });
    expect(high.evidence.high as number).toBeLessThan(10_000_000);
    expect(high.message).toContain('far above');
    expect(found.score).toBe(30);
  });
});

describe('twin location, copied description, burst', () => {
  it('flags a pin within 30 m of another owner\'s cottage, on both sides, and not the same owner\'s', async () => {
    const first = await create({ latitude: 41.3, longitude: 69.3 }, other.token);
    const same = await create({ latitude: 41.30005, longitude: 69.30005 }, other.token);
    expect((await signals(same.id)).signals).toEqual([]);
    const twin = await create({ latitude: 41.3001, longitude: 69.3001 }, owner.token);
    const found = await signals(twin.id);
    expect(found.signals).toHaveLength(1);
    expect(found.signals[0]).toMatchObject({ kind: 'twin', severity: 'medium' });
    expect([first.id, same.id]).toContain(found.signals[0].relatedId);
    expect(found.signals[0].evidence.distance as number).toBeLessThanOrEqual(30);
    await settled();
    expect((await signals(found.signals[0].relatedId!)).signals.map((s) => s.relatedId)).toEqual([twin.id]);
    // Moved away: both sides clear.
    await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${twin.id}`, payload: { latitude: 41.4, longitude: 69.4 }, token: owner.token });
    expect((await signals(twin.id)).signals).toEqual([]);
    await settled();
    expect((await signals(found.signals[0].relatedId!)).signals).toEqual([]);
  });

  it('flags a near-identical description of another owner\'s cottage', async () => {
    const text = 'Chorvoq suv ombori yonida ikki qavatli dacha, uchta yotoqxona, katta hovuz, sauna va bolalar maydonchasi. Mangal joyi, avtoturargoh va tog manzarasi bor.';
    const original = await create({ description: text }, other.token);
    const copy = await create({ description: `${text} Xush kelibsiz!` }, owner.token);
    const found = await signals(copy.id);
    expect(found.signals.map((s) => [s.kind, s.relatedId])).toEqual([['copy', original.id]]);
    expect(found.signals[0].evidence.similarity as number).toBeGreaterThanOrEqual(0.8);
    const unrelated = await create({ description: 'Yangi uy, shahar markazida, metroga yaqin, toza va shinam xonalar, konditsioner, internet, oshxona jihozlangan.' }, owner.token);
    expect((await signals(unrelated.id)).signals).toEqual([]);
  });

  it('flags every cottage of an owner who adds five within 24 hours (low), not four', async () => {
    const busy = await userWith(t, OWNER_PERMISSIONS);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await create({ name: `Burst ${i}`, description: `Uy raqami ${i}` }, busy.token)).id);
    expect((await signals(ids[3])).signals).toEqual([]);
    ids.push((await create({ name: 'Burst 4' }, busy.token)).id);
    expect((await signals(ids[4])).signals.map((s) => s.kind)).toEqual(['burst']);
    await settled();
    for (const id of ids) {
      const found = await signals(id);
      expect(found.signals.map((s) => [s.kind, s.severity]), id).toEqual([['burst', 'low']]);
      expect(found.score).toBe(10);
    }
  });
});

describe('the list', () => {
  it('carries risk and signalKinds, sorts riskiest first and filters by signal and risk_gte (server-side, kinds checked)', async () => {
    const risky = await create({ name: 'Risky', description: 'Tel 90 123 45 67, www.dacha-bor.uz' });
    const calm = await create({ name: 'Calm' });
    const riskiest = await list({}, ['risk', 'DESC']);
    expect(riskiest[0].risk).toBeGreaterThanOrEqual(60);
    for (let i = 1; i < riskiest.length; i++) expect(riskiest[i].risk).toBeLessThanOrEqual(riskiest[i - 1].risk);
    const contact = await list({ signal: 'contact' });
    expect(contact.map((r) => r.id)).toContain(risky.id);
    expect(contact.map((r) => r.id)).not.toContain(calm.id);
    expect(contact.every((r) => r.signalKinds.includes('contact'))).toBe(true);
    const either = await list({ signal: ['burst', 'contact'] });
    expect(either.map((r) => r.id)).toContain(risky.id);
    const high = await list({ risk_gte: 60 });
    expect(high.map((r) => r.id)).toContain(risky.id);
    expect(high.every((r) => r.risk >= 60)).toBe(true);
    const wrong = await t.api({ method: 'GET', url: `${api}/cottage?filter=${encodeURIComponent('{"signal":"garbage"}')}`, headers: { 'accept-language': 'uz' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^"signal" filtri/);
    expect((await t.api({ method: 'GET', url: `${api}/cottage?filter=${encodeURIComponent('{"risk_gte":"x"}')}` })).statusCode).toBe(400);
  });

  it('a bulk edit recomputes the cottages it wrote', async () => {
    const p = await place(t, c.otherRegion.id, `Bulk ${Date.now()}`);
    const a = await create({ regionId: c.otherRegion.id, placeId: p.id, price: 500_000, priceWeekend: 400_000 });
    // (The admin has added many cottages today: a burst too.)
    expect((await signals(a.id)).signals.filter((s) => s.kind === 'price').map((s) => s.evidence.field)).toEqual(['priceWeekend']);
    // Only the status changes: the signal stays, recomputed (and the change event told) without error.
    const res = await t.api({ method: 'PATCH', url: `${api}/cottage/bulk/edit`, payload: { ids: [a.id], data: { cottageStatus: 'confirmed' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await one(a.id)).signalKinds).toContain('price');
  });
});

describe('duplicate photos', () => {
  it('flags another owner\'s near copy (high), the same owner\'s reuse (low), and image/search finds the stored copies', async () => {
    const sharp = (await import('sharp')).default;
    const original = await photo(7);
    const copy = await sharp(original).flop().resize(400).modulate({ brightness: 1.1 }).jpeg({ quality: 60 }).toBuffer();
    const createWith = async (main: Buffer, token: string) => {
      const form = multipart({ name: 'Photo dacha', description: 'Bog‘ va hovuz', price: 1_000_000, priceWeekend: 1_200_000, regionId: c.region.id, placeId: c.place.id }, [{ field: 'mainImage', filename: 'p.jpg', content: main, type: 'image/jpeg' }]);
      const res = await t.api({ method: 'POST', url: `${api}/cottage/add`, ...form, token });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; images: { id: string; image: string }[] };
    };
    const first = await createWith(original, other.token);
    const stolen = await createWith(copy, owner.token);
    const found = await signals(stolen.id);
    const photoSignal = found.signals.find((s) => s.kind === 'photo');
    expect(photoSignal, JSON.stringify(found)).toMatchObject({ severity: 'high', relatedId: first.id });
    expect(photoSignal!.evidence).toMatchObject({ image: stolen.images[0].image, relatedImage: first.images[0].image });
    await settled();
    expect((await signals(first.id)).signals.map((s) => [s.kind, s.relatedId])).toContainEqual(['photo', stolen.id]);
    const reused = await createWith(original, other.token);
    expect((await signals(reused.id)).signals.map((s) => [s.kind, s.severity])).toContainEqual(['reusedPhoto', 'low']);
    const unrelated = await createWith(await photo(99), owner.token);
    expect((await signals(unrelated.id)).signals.filter((s) => s.kind === 'photo' || s.kind === 'reusedPhoto')).toEqual([]);

    const cropped = await sharp(original).extract({ left: 48, top: 36, width: 384, height: 288 }).jpeg({ quality: 70 }).toBuffer();
    const search = multipart({}, [{ field: 'image', filename: 'guest.jpg', content: cropped, type: 'image/jpeg' }]);
    const res = await t.api({ method: 'POST', url: `${api}/image/search`, ...search });
    expect(res.statusCode, res.body).toBe(200);
    const matches = res.json() as { cottageId: string; imageId: string; image: string; similarity: number }[];
    expect(matches.map((m) => m.cottageId)).toEqual(expect.arrayContaining([first.id, stolen.id, reused.id]));
    expect(matches.map((m) => m.cottageId)).not.toContain(unrelated.id);
    for (let i = 1; i < matches.length; i++) expect(matches[i].similarity).toBeLessThanOrEqual(matches[i - 1].similarity);
    const junk = multipart({}, [{ field: 'image', filename: 'x.jpg', content: Buffer.from('not an image'), type: 'image/jpeg' }]);
    const bad = await t.api({ method: 'POST', url: `${api}/image/search`, ...junk, headers: { ...junk.headers, 'accept-language': 'ru' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Файл не является изображением');
  });

  it('an edit that keeps the images and the owner keeps the photo decisions as stored; a full recompute decides them again', async () => {
    const original = await photo(11);
    const createWith = async (token: string) => {
      const form = multipart({ name: 'Kept photo dacha', description: 'Tog‘ etagida', price: 900_000, priceWeekend: 1_000_000, regionId: c.region.id, placeId: c.place.id }, [{ field: 'mainImage', filename: 'k.jpg', content: original, type: 'image/jpeg' }]);
      const res = await t.api({ method: 'POST', url: `${api}/cottage/add`, ...form, token });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; images: { id: string }[] };
    };
    const first = await createWith(other.token);
    const copy = await createWith(owner.token);
    const photoKinds = async (id: string) => (await signals(id)).signals.filter((s) => s.kind === 'photo').map((s) => s.relatedId);
    expect(await photoKinds(copy.id)).toEqual([first.id]);
    // The first cottage's image goes behind the servers' back: deciding the copy's photos again would no longer find it.
    await t.app.db.execute(sql`delete from cottage_image where id = ${first.images[0].id}`);
    const edit = await t.api({ method: 'PATCH', url: `${api}/cottage/edit/${copy.id}`, payload: { name: 'Kept photo dacha, renamed', price: 950_000 }, token: owner.token });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await photoKinds(copy.id)).toEqual([first.id]);
    // What the start's backfill runs: every kind decided again.
    await recomputeSignals(t.app.db, t.app.storage, [copy.id]);
    expect(await photoKinds(copy.id)).toEqual([]);
  });

  it('image/search announces no change (it writes nothing): the write watchers do not run for it', async () => {
    let runs = 0;
    t.app.watchWrites(['cottage'], async () => {
      runs++;
    });
    const search = multipart({}, [{ field: 'image', filename: 'guest.jpg', content: await photo(12), type: 'image/jpeg' }]);
    await signalsSettled(t.app.db);
    runs = 0;
    expect((await t.api({ method: 'POST', url: `${api}/image/search`, ...search })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(0);
    // A write does run them (the watcher is heard).
    await create({}, owner.token);
    expect(runs).toBeGreaterThan(0);
  });

  it('decides by window hashes: a copy cropped 10 % on one side and mirrored is found; a distinct smooth photo whose 64-bit hashes are near is not', async () => {
    const sharp = (await import('sharp')).default;
    const original = await photo(75);
    const [calm, otherCalm] = [await smoothPhoto(3), await smoothPhoto(25)];
    // The two smooth photos were a match by the 64-bit hashes alone (the decision before the window hashes).
    expect(hashBits((await photoPrint(calm)).hashes, (await photoPrint(otherCalm)).hashes)).toBeLessThanOrEqual(NEAR_BITS);
    const createWith = async (main: Buffer) => {
      const form = multipart({ name: 'Window dacha', description: 'Tinch joy', price: 1_000_000, priceWeekend: 1_200_000, regionId: c.region.id, placeId: c.place.id }, [{ field: 'mainImage', filename: 'p.jpg', content: main, type: 'image/jpeg' }]);
      const res = await t.api({ method: 'POST', url: `${api}/cottage/add`, ...form, token: other.token });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    const [stored, storedCalm] = [await createWith(original), await createWith(calm)];
    // Their photos are hashed after the answers, and a search waits for nothing (under load it ran before the hashing).
    await settled();
    const search = async (picture: Buffer) => {
      const res = await t.api({ method: 'POST', url: `${api}/image/search`, ...multipart({}, [{ field: 'image', filename: 'guest.jpg', content: picture, type: 'image/jpeg' }]) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { cottageId: string; similarity: number }[];
    };
    const copy = await sharp(original).extract({ left: 48, top: 0, width: 432, height: 360 }).flop().jpeg({ quality: 80 }).toBuffer();
    const found = (await search(copy)).find((m) => m.cottageId === stored.id);
    expect(found?.similarity).toBeGreaterThan(0.9);
    expect((await search(otherCalm)).map((m) => m.cottageId)).not.toContain(storedCalm.id);
    // The smooth photo itself is found (the window stage is what tells the other one apart).
    expect((await search(calm)).map((m) => m.cottageId)).toContain(storedCalm.id);
    // The upload's own check decides the same way: the other smooth photo's cottage gets no photo signal.
    const calmCopy = await createWith(otherCalm);
    expect((await signals(calmCopy.id)).signals.filter((s) => s.kind === 'photo' || s.kind === 'reusedPhoto')).toEqual([]);
  });
});
