/**
 * A labelled set of real photographs for the duplicate-photo bench (issue #35), built at run time from Debian's
 * wallpaper packages (nothing is bundled or downloaded by the bench):
 *
 *   apt-get install -y --no-install-recommends lomiri-wallpapers-16.04 lomiri-wallpapers-20.04 mate-backgrounds plasma-workspace-wallpapers
 *
 * Only the packages' photographs are used (listed by name below; their drawings, gradients and renders are not).
 * They are 38 photographs, fewer than the 500 distinct photos the goal asks for, so the distinct photos are
 * NON-OVERLAPPING TILES of them: each photograph cut into a grid of 4:3 tiles, five across. Neighbouring tiles of one
 * photograph share its light, colours and subject, which makes them harder to tell apart than two owners' photos.
 * A tile too plain to be anybody's listing photo (grey spread below `PLAIN_SPREAD`: an empty sky, a dark corner) is
 * left out and counted.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BACKGROUNDS = '/usr/share/backgrounds';
const PLASMA = '/usr/share/wallpapers';

/** lomiri-wallpapers-16.04 and -20.04 (in /usr/share/backgrounds): the photographs among them. */
const LOMIRI = [
  'Bridge_by_Sander_Klootwijk', 'Dragonfly_by_Bolly', 'Picture_0B_by_freespace', 'Picture_1A_by_freespace', 'Wine_by_Jakkub_Mede',
  'aitzgorri_by_Aitzol_Berasategi', 'analogpattern_by_Peter_Nerlich', 'free_by_Peter_Nerlich', 'friends_by_Aitzol_Berasategi',
  'greentock_by_Peter_Nerlich', 'life_by_Aitzol_Berasategi', 'picosdeeuropa_by_Aitzol_Berasategi', 'seeding_by_Clements_Engelhardt',
  'sunset_by_Aitzol_Berasategi', 'Kleiber_by_Lukas_Baubkus',
].map((name) => `${BACKGROUNDS}/${name}.jpg`);
/** mate-backgrounds: its "nature" folder is photographs. */
const MATE = ['Aqua', 'Blinds', 'Dune', 'FreshFlower', 'Garden', 'GreenMeadow', 'LadyBird', 'RainDrops', 'Storm', 'TwoWings', 'Wood', 'YellowFlower'].map(
  (name) => `${BACKGROUNDS}/mate/nature/${name}.jpg`,
);
/** plasma-workspace-wallpapers: the photographs (each in several sizes; the largest is taken). */
const PLASMA_PHOTOS = ['BytheWater', 'ColdRipple', 'ColorfulCups', 'DarkestHour', 'EveningGlow', 'FallenLeaf', 'Grey', 'Kite', 'OneStandsOut', 'Path', 'summer_1am'];

function largestPlasma(name: string): string | undefined {
  const dir = `${PLASMA}/${name}/contents/images`;
  if (!existsSync(dir)) return undefined;
  const pixels = (f: string) => f.split('.')[0].split('x').reduce((a, b) => a * Number(b), 1);
  const [best] = readdirSync(dir).sort((a, b) => pixels(b) - pixels(a));
  return best && path.join(dir, best);
}

/** The photographs found on this machine, and the packages' names when some are missing. */
export function photographFiles(): { files: string[]; missing: number } {
  const wanted = [...LOMIRI, ...MATE, ...PLASMA_PHOTOS.map((name) => largestPlasma(name) ?? `${PLASMA}/${name}`)];
  const files = wanted.filter((f) => existsSync(f) && !f.endsWith('/'));
  return { files: files.filter((f) => /\.(jpe?g|png)$/i.test(f)), missing: wanted.length - files.length };
}

const ACROSS = 5;
/** Grey standard deviation under which a tile is a plain surface (the hash's own "flat" bar is 4). */
const PLAIN_SPREAD = 12;

async function greySpread(image: Buffer): Promise<number> {
  const stats = await sharp(image).greyscale().stats();
  return stats.channels[0].stdev;
}

export interface DistinctPhoto {
  /** The photograph's file and the tile's place in it. */
  source: string;
  tile: string;
  jpeg: Buffer;
}

/** Non-overlapping 4:3 tiles of the photographs, five across, as JPEG q90; `limit` stops early. */
export async function distinctPhotos(limit = Infinity): Promise<{ photos: DistinctPhoto[]; photographs: number; plain: number }> {
  const { files } = photographFiles();
  const photos: DistinctPhoto[] = [];
  let plain = 0;
  for (const file of files) {
    // Decoded once, upright, at most 3 200 px across (tiles of at most 640 px, as listing photos are).
    const { data, info } = await sharp(file).rotate().resize({ width: 3200, withoutEnlargement: true }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const source = sharp(data, { raw: { width, height, channels: info.channels } });
    const w = Math.floor(width / ACROSS);
    const h = Math.floor((w * 3) / 4);
    for (let row = 0; (row + 1) * h <= height; row++) {
      for (let col = 0; col < ACROSS; col++) {
        if (photos.length >= limit) return { photos, photographs: files.length, plain };
        const jpeg = await source.clone().extract({ left: col * w, top: row * h, width: w, height: h }).jpeg({ quality: 90 }).toBuffer();
        if ((await greySpread(jpeg)) < PLAIN_SPREAD) {
          plain++;
          continue;
        }
        photos.push({ source: file.startsWith(PLASMA) ? file.split('/')[4] : path.basename(file), tile: `${row},${col}`, jpeg });
      }
    }
  }
  return { photos, photographs: files.length, plain };
}

/** A tile's file name and place, for the bench's lines. */
export const photoName = (p: DistinctPhoto) => `${p.source}[${p.tile}]`;
