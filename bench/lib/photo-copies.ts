/**
 * The duplicate-photo figures on real photographs (issue #35 goals): every distinct photo (`real-photos.ts`) is
 * hashed as stored; each one is then copied by one of the transformations the issue names, in turn, and the copy is
 * looked up among all the distinct photos with the product's decision (`matchOf`, what `image/search` and the photo
 * signals decide by), and with the 64-bit decision it replaced, for comparison:
 * - recall: copies whose own photo is among the matches;
 * - precision: of all matches of all copies, those that are the copy's own photo;
 * - false matches: distinct photos that match another distinct photo (per photo, as a search for it would show a
 *   stranger's), and per pair.
 */
import sharp from 'sharp';
import { CANDIDATE_BITS, hashBits, MATCH_BITS, matchOf, NEAR_BITS, photoPrint } from '../../src/server/images/phash';
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

type Print = Awaited<ReturnType<typeof photoPrint>>;
/** The product's decision (`matchOf`: 64-bit candidates, then the window hashes), and the 64-bit one alone it replaced. */
const DECISIONS: [string, (a: Print, b: Print) => boolean][] = [
  [`now: candidates ≤ ${CANDIDATE_BITS}/64 bits, windows ≤ ${MATCH_BITS}/256 bits (matchOf)`, (a, b) => matchOf(a, b) !== undefined],
  [`before: 64-bit hashes alone, ≤ ${NEAR_BITS}/64 bits`, (a, b) => hashBits(a.hashes, b.hashes) <= NEAR_BITS],
];

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
  const originals: Print[] = [];
  for (const p of photos) originals.push(await photoPrint(p.jpeg));
  const hashMs = (performance.now() - started) / photos.length;
  console.log(`duplicate photos on REAL photographs: ${photographs} photographs (${missing} missing) cut into ${photos.length} distinct non-overlapping tiles (${plain} plain tiles left out)`);
  const unhashed = originals.filter((h) => !h.hashes.length).length;
  if (unhashed) console.log(`  ${unhashed} tiles got no hash (flat)`);
  started = performance.now();
  const copies: { name: string; print: Print }[] = [];
  for (let i = 0; i < photos.length; i++) {
    const [name, transform] = TRANSFORMS[i % TRANSFORMS.length];
    copies.push({ name, print: await photoPrint(await transform(photos[i].jpeg, i)) });
  }
  const some = Math.min(100, photos.length);
  const allAtOnce: Print[] = [];
  for (let i = 0; i < some; i++) allAtOnce.push(await photoPrint(await ALL_AT_ONCE(photos[i].jpeg, i)));
  const copyMs = performance.now() - started;
  for (const [label, near] of DECISIONS) {
    started = performance.now();
    console.log(`- ${label}`);
    copyFigures(photos, originals, copies, near);
    const once = allAtOnce.filter((c, i) => near(c, originals[i])).length;
    console.log(`  (not a goal) every transformation at once on one copy: recall ${(once / some).toFixed(3)} of ${some}`);
    falseMatchFigures(photos, originals, near);
    console.log(`  decisions: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`  hashing: ${hashMs.toFixed(1)} ms a photo; copies made and hashed in ${(copyMs / 1000).toFixed(1)} s`);
  return true;
}

function copyFigures(photos: DistinctPhoto[], originals: Print[], copies: { name: string; print: Print }[], near: (a: Print, b: Print) => boolean) {
  let found = 0;
  let matches = 0;
  const perKind = new Map<string, { hit: number; of: number }>();
  const falseExamples: string[] = [];
  copies.forEach(({ name, print }, i) => {
    const hits = originals.flatMap((o, j) => (near(print, o) ? [j] : []));
    const hit = hits.includes(i);
    const kind = perKind.get(name) ?? { hit: 0, of: 0 };
    perKind.set(name, { hit: kind.hit + (hit ? 1 : 0), of: kind.of + 1 });
    found += hit ? 1 : 0;
    matches += hits.length;
    for (const j of hits) if (j !== i && falseExamples.length < 3) falseExamples.push(`${name} of ${photoName(photos[i])} matched ${photoName(photos[j])}`);
  });
  for (const [name, k] of perKind) console.log(`  ${name.padEnd(24)} recall ${(k.hit / k.of).toFixed(3)} (${k.hit}/${k.of})`);
  const recall = found / copies.length;
  const precision = matches ? found / matches : 1;
  console.log(`  ${copies.length} copies: recall ${recall.toFixed(3)} (goal ≥ 0.95: ${verdict(recall >= 0.95)}), precision ${precision.toFixed(3)} (goal ≥ 0.98: ${verdict(precision >= 0.98)})`);
  for (const e of falseExamples) console.log(`    wrong match: ${e}`);
}

function falseMatchFigures(photos: DistinctPhoto[], originals: Print[], near: (a: Print, b: Print) => boolean) {
  let pairs = 0;
  let falsePairs = 0;
  const matched = new Set<number>();
  const examples: string[] = [];
  for (let i = 0; i < originals.length; i++) {
    for (let j = i + 1; j < originals.length; j++) {
      if (!originals[i].hashes.length || !originals[j].hashes.length) continue;
      pairs++;
      if (!near(originals[i], originals[j])) continue;
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
