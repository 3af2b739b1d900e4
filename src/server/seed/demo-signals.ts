/**
 * The demo's moderation cases (issue #35, item 5): every cottage has pictures of its own, and a few cottages waiting
 * for review carry a real case a newcomer then sees on the desk and at the top of the queue — a photo copied from
 * another owner's cottage, a phone number written in words (uz, ru), a price with two zeros too many, a pin within
 * 30 m of another owner's cottage. Their signals are computed by the backfill at the server's start
 * (`routes/signals-backfill.ts`), like anything written without a command.
 */
import { loadSharp } from '../images/sharp';
import { cottagePhoto } from './demo-images';

/** Planted only in a demo this large (the tests' small demos keep their plain data). */
const PLANT_FROM = 45;
/** Cottage indices: the original and its copy, the phones, the price, the pin and its twin. */
const COPY_FROM = 5;
const COPY_TO = 40;
const PHONE_UZ = 41;
const PHONE_RU = 42;
const PRICE = 43;
const TWIN_OF = 6;
const TWIN = 44;
/** Confirmed cottages the price typo's region has at least (the detector needs 10 besides the cottage). */
const PRICE_PEERS = 12;

/**
 * Picture seeds whose pictures happen to be within the near-copy distance of another demo picture (found once over
 * seeds 0–259 with the one-decode hashes, 5 of 33 670 pairs): replaced, so the only copy in the demo is the planted one.
 */
const NEAR_SEEDS = new Set([83, 148, 167, 230, 243]);

/** The seed of cottage `i`'s `k`-th picture. */
export const pictureSeed = (i: number, k: number) => (NEAR_SEEDS.has(i * 4 + k) ? 1000 + i * 4 + k : i * 4 + k);

/** The planted copy's main picture (another owner's photo, mirrored, smaller, re-compressed), else undefined. */
export async function plantedPicture(i: number, count: number): Promise<Buffer | undefined> {
  if (count < PLANT_FROM || i !== COPY_TO) return undefined;
  const sharp = await loadSharp();
  return sharp(await cottagePhoto(pictureSeed(COPY_FROM, 0))).flop().resize(280).jpeg({ quality: 65 }).toBuffer();
}

interface PlantRow {
  description?: string | null;
  price: number;
  priceWeekend: number;
  latitude?: number | null;
  longitude?: number | null;
  userId?: string | null;
  placeId: string;
  regionId: string;
  cottageStatus?: string;
  status?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

const PHONE_WORDS_UZ = 'Batafsil maʼlumot uchun qoʻngʻiroq qiling: toʻqson bir, bir yuz yigirma uch, qirq besh, oltmish yetti.';
const PHONE_WORDS_RU = 'Звоните: девяносто три, пятьсот шестьдесят семь, восемьдесят девять, ноль один.';

/** Another owner than `row`'s. */
const otherOwner = (row: PlantRow, people: string[]) => people[(people.indexOf(row.userId ?? '') + 1) % people.length];

/** Writes the cases into the rows (no randomness: the rest of the demo stays as it was). */
export function plantSignals(rows: PlantRow[], people: string[], spots: { id: string; regionId: string; lat: number; lng: number }[]): void {
  if (rows.length < PLANT_FROM) return;
  // Waiting for review and older than the rest, so the desk (oldest first) hands them out first, in this order.
  const oldest = Math.min(...rows.map((r) => r.createdAt?.getTime() ?? Date.now()));
  const order = [PHONE_UZ, COPY_TO, PRICE, TWIN, PHONE_RU];
  const review = (row: PlantRow) => {
    const createdAt = new Date(oldest - (order.length - order.indexOf(rows.indexOf(row))) * 3600_000);
    return Object.assign(row, { cottageStatus: 'progress', status: 'active', createdAt, updatedAt: createdAt });
  };
  review(rows[COPY_TO]).userId = otherOwner(rows[COPY_FROM], people);
  review(rows[PHONE_UZ]).description = `${rows[PHONE_UZ].description} ${PHONE_WORDS_UZ}`;
  review(rows[PHONE_RU]).description = `${rows[PHONE_RU].description} ${PHONE_WORDS_RU}`;
  // The price: in the region with the most confirmed cottages, its usual price with two zeros more.
  const confirmed = rows.filter((r, i) => i !== PRICE && r.cottageStatus === 'confirmed' && r.price > 0);
  const byRegion = new Map<string, PlantRow[]>();
  for (const r of confirmed) byRegion.set(r.regionId, [...(byRegion.get(r.regionId) ?? []), r]);
  const peers = [...byRegion.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const spot = spots.find((s) => s.regionId === peers[0]?.regionId);
  if (spot) {
    // The price is compared with at least 10 confirmed cottages of the region (`signals/price.ts`): a few confirmed
    // cottages of other regions move there if it has fewer.
    const planted = new Set([COPY_FROM, COPY_TO, PHONE_UZ, PHONE_RU, PRICE, TWIN_OF, TWIN].map((i) => rows[i]));
    for (const r of confirmed.filter((c) => c.regionId !== spot.regionId && !planted.has(c)).slice(0, Math.max(0, PRICE_PEERS - peers.length))) {
      const k = peers.push(r);
      Object.assign(r, { placeId: spot.id, regionId: spot.regionId, latitude: Number((spot.lat - 0.004 * k).toFixed(6)), longitude: Number((spot.lng + 0.003 * k).toFixed(6)) });
    }
    // The region's usual prices spread over ½–2× their median, as a region's do, so only the typo is far from them.
    const ordered = [...peers].sort((a, b) => a.price - b.price);
    const median = ordered[Math.floor(ordered.length / 2)].price;
    ordered.forEach((r, k) => {
      r.price = Math.round((median * (0.5 + (1.5 * k) / (ordered.length - 1))) / 50_000) * 50_000;
      r.priceWeekend = Math.round(r.price * 1.2);
    });
    const prices = peers.map((r) => r.price).sort((a, b) => a - b);
    const usual = prices[Math.floor(prices.length / 2)];
    Object.assign(review(rows[PRICE]), { placeId: spot.id, regionId: spot.regionId, latitude: spot.lat + 0.011, longitude: spot.lng - 0.013, price: usual * 100, priceWeekend: Math.round(usual * 1.2) });
  }
  // The twin: about 17 m from another owner's cottage.
  const twinOf = rows[TWIN_OF];
  if (twinOf.latitude != null && twinOf.longitude != null) {
    Object.assign(review(rows[TWIN]), {
      placeId: twinOf.placeId,
      regionId: twinOf.regionId,
      latitude: Number((twinOf.latitude + 0.00012).toFixed(6)),
      longitude: Number((twinOf.longitude + 0.0001).toFixed(6)),
      userId: otherOwner(twinOf, people),
    });
  }
}
