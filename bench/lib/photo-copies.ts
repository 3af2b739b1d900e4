/**
 * The duplicate-photo figures on real photographs (issue #35 goals): every distinct photo (`real-photos.ts`) is
 * hashed as stored; each one is then copied by one of the transformations the issue names, in turn, and the copy is
 * looked up among all the distinct photos as `image/search` would (every stored photo within `NEAR_BITS`):
 * - recall: copies whose own photo is among the matches;
 * - precision: of all matches of all copies, those that are the copy's own photo;
 * - false matches: distinct photos that match another distinct photo (per photo, as a search for it would show a
 *   stranger's), and per pair.
 */
import sharp from 'sharp';
import { NEAR_BITS, photoHashes } from '../../src/server/images/phash';
import { distinctPhotos, photoName, photographFiles, type DistinctPhoto } from './real-photos';

type Transform = (jpeg: Buffer, i: number) => Promise<Buffer>;

const size = async (b: Buffer) => {
  const { width = 0, height = 0 } = await sharp(b).metadata();
  return { width, height };
};

/** A repeatable 0–1 draw per copy. */
const draw = (i: number, k: number) => ((Math.imul(i * 31 + k, 2654435761) >>> 0) % 1000) / 1000;

async function crop(b: Buffer, sides: [number, number, number, number]) {
  const { width, height } = await size(b);
  const [l, t, r, btm] = [sides[0] * width, sides[1] * height, sides[2] * width, sides[3] * height].map(Math.floor);
  return sharp(b).extract({ left: l, top: t, width: width - l - r, height: height - t - btm }).jpeg().toBuffer();
}

async function watermark(b: Buffer) {
  const { width, height } = await size(b);
  const font = Math.max(10, Math.round(height * 0.06));
  const svg = `<svg width="${width}" height="${height}"><text x="${width - font * 6}" y="${height - font * 0.6}" font-family="sans-serif" font-size="${font}" fill="white" fill-opacity="0.8">© dacha.uz</text></svg>`;
  return sharp(b).composite([{ input: Buffer.from(svg) }]).jpeg().toBuffer();
}

const TRANSFORMS: [string, Transform][] = [
  ['resize to half', async (b) => sharp(b).resize({ width: Math.round((await size(b)).width / 2) }).jpeg().toBuffer()],
  ['resize to 1.5×', async (b) => sharp(b).resize({ width: Math.round((await size(b)).width * 1.5) }).jpeg().toBuffer()],
  ['crop 10 % each side', (b) => crop(b, [0.1, 0.1, 0.1, 0.1])],
  ['crop 10 % one side', (b, i) => crop(b, [[0.1, 0, 0, 0], [0, 0.1, 0, 0], [0, 0, 0.1, 0], [0, 0, 0, 0.1]][i % 4] as [number, number, number, number])],
  ['crop 0–10 % each side', (b, i) => crop(b, [0, 1, 2, 3].map((k) => draw(i, k) * 0.1) as [number, number, number, number])],
  ['JPEG q60', (b) => sharp(b).jpeg({ quality: 60 }).toBuffer()],
  ['mirror', (b) => sharp(b).flop().jpeg().toBuffer()],
  ['brightness +15 %', (b) => sharp(b).modulate({ brightness: 1.15 }).jpeg().toBuffer()],
  ['brightness −15 %', (b) => sharp(b).modulate({ brightness: 0.85 }).jpeg().toBuffer()],
  ['text watermark', (b) => watermark(b)],
];

/** Every transformation at once (reported apart: the goal names each one). */
const ALL_AT_ONCE: Transform = async (b, i) => {
  const cropped = await crop(b, [0, 1, 2, 3].map((k) => draw(i, k) * 0.1) as [number, number, number, number]);
  const marked = await watermark(await sharp(cropped).flop().modulate({ brightness: i % 2 ? 1.15 : 0.85 }).jpeg().toBuffer());
  return sharp(marked).resize({ width: Math.round((await size(marked)).width / 2) }).jpeg({ quality: 60 }).toBuffer();
};

const split = (h: bigint) => {
  const u = BigInt.asUintN(64, h);
  return [Number(u >> 32n) | 0, Number(u & 0xffffffffn) | 0];
};
const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};
const distance = (a: number[][], b: number[][]) => {
  let best = 65;
  for (const x of a) for (const y of b) best = Math.min(best, popcount(x[0] ^ y[0]) + popcount(x[1] ^ y[1]));
  return best;
};
const hashed = async (b: Buffer) => (await photoHashes(b)).map(split);

const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');

/** Prints the figures beside the goals; answers false when the photographs are not installed. */
export async function realPhotoFigures(): Promise<boolean> {
  const { files, missing } = photographFiles();
  if (files.length < 20) {
    console.log(`duplicate photos: ${files.length} photographs found (${missing} missing): install the packages named in bench/lib/real-photos.ts; skipped`);
    return false;
  }
  const { photos, photographs, plain } = await distinctPhotos();
  let started = performance.now();
  const originals: number[][][] = [];
  for (const p of photos) originals.push(await hashed(p.jpeg));
  const hashMs = (performance.now() - started) / photos.length;
  console.log(`duplicate photos on REAL photographs: ${photographs} photographs (${missing} missing) cut into ${photos.length} distinct non-overlapping tiles (${plain} plain tiles left out); near = ≤ ${NEAR_BITS} bits`);
  const unhashed = originals.filter((h) => !h.length).length;
  if (unhashed) console.log(`  ${unhashed} tiles got no hash (flat)`);
  started = performance.now();
  let found = 0;
  let matches = 0;
  let right = 0;
  const perKind = new Map<string, { hit: number; of: number }>();
  const falseExamples: string[] = [];
  for (let i = 0; i < photos.length; i++) {
    const [name, transform] = TRANSFORMS[i % TRANSFORMS.length];
    const copy = await hashed(await transform(photos[i].jpeg, i));
    const near = originals.flatMap((o, j) => (o.length && copy.length && distance(copy, o) <= NEAR_BITS ? [j] : []));
    const hit = near.includes(i);
    const kind = perKind.get(name) ?? { hit: 0, of: 0 };
    perKind.set(name, { hit: kind.hit + (hit ? 1 : 0), of: kind.of + 1 });
    found += hit ? 1 : 0;
    matches += near.length;
    right += hit ? 1 : 0;
    for (const j of near) if (j !== i && falseExamples.length < 3) falseExamples.push(`${name} of ${photoName(photos[i])} matched ${photoName(photos[j])}`);
  }
  for (const [name, k] of perKind) console.log(`  ${name.padEnd(24)} recall ${(k.hit / k.of).toFixed(3)} (${k.hit}/${k.of})`);
  const recall = found / photos.length;
  const precision = matches ? right / matches : 1;
  console.log(`  ${photos.length} copies: recall ${recall.toFixed(3)} (goal ≥ 0.95: ${verdict(recall >= 0.95)}), precision ${precision.toFixed(3)} (goal ≥ 0.98: ${verdict(precision >= 0.98)})`);
  for (const e of falseExamples) console.log(`    wrong match: ${e}`);
  let allAtOnce = 0;
  const some = Math.min(100, photos.length);
  for (let i = 0; i < some; i++) if (distance(await hashed(await ALL_AT_ONCE(photos[i].jpeg, i)), originals[i]) <= NEAR_BITS) allAtOnce++;
  console.log(`  (not a goal) every transformation at once on one copy: recall ${(allAtOnce / some).toFixed(3)} of ${some}`);
  falseMatchFigures(photos, originals);
  console.log(`  hashing: ${hashMs.toFixed(1)} ms a photo; copies and lookups ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

function falseMatchFigures(photos: DistinctPhoto[], originals: number[][][]) {
  let pairs = 0;
  let falsePairs = 0;
  const matched = new Set<number>();
  const examples: string[] = [];
  for (let i = 0; i < originals.length; i++) {
    for (let j = i + 1; j < originals.length; j++) {
      if (!originals[i].length || !originals[j].length) continue;
      pairs++;
      if (distance(originals[i], originals[j]) > NEAR_BITS) continue;
      falsePairs++;
      matched.add(i).add(j);
      if (examples.length < 3) examples.push(`${photoName(photos[i])} ~ ${photoName(photos[j])}`);
    }
  }
  const perPhoto = matched.size / originals.length;
  console.log(
    `  false matches among ${originals.length} distinct photos: ${matched.size} photos match another (${(100 * perPhoto).toFixed(2)} %, goal ≤ 1 %: ${verdict(perPhoto <= 0.01)}); ${falsePairs} of ${pairs} pairs (${((100 * falsePairs) / pairs).toFixed(3)} %)`,
  );
  for (const e of examples) console.log(`    e.g. ${e}`);
}
