/** Pictures for the duplicate-photo tests, drawn at test time. */

/** A structured picture (smooth waves and grain, like a photo's tones rather than flat shapes), different per seed. */
export async function photo(seed: number, width = 480, height = 360): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  let a = seed;
  const r = () => (a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 4294967296;
  const waves = Array.from({ length: 12 }, () => [r() * 0.05, r() * 0.05, r() * 6, r() * 255, r()]);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let v = 0;
        for (const [fx, fy, ph, amp, cw] of waves) v += (Math.sin(x * fx + y * fy + ph + c * cw) * amp) / 12;
        pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, 128 + v * 2 + (r() - 0.5) * 30));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A smooth picture (three slow waves, no grain: a sky, a plain wall, a blurred background), different per seed. Two
 * of them often share their 64-bit hashes' signs (seeds 3 and 25 are 8 bits apart) while their window hashes differ.
 */
export async function smoothPhoto(seed: number, width = 480, height = 360): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  let a = seed;
  const r = () => (a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 4294967296;
  const waves = Array.from({ length: 3 }, () => [r() * 0.012, r() * 0.012, r() * 6, 40 + r() * 60]);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 128;
      for (const [fx, fy, ph, amp] of waves) v += (Math.sin(x * fx + y * fy + ph) * amp) / 3;
      for (let c = 0; c < 3; c++) pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, v + c * 10));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}
