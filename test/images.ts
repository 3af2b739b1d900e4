/** Real images made on the fly for upload tests (sharp), and things that only pretend to be images. */
import sharp from 'sharp';

export async function pngImage(width = 32, height = 24, color = { r: 200, g: 80, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** A JPEG carrying EXIF metadata, to prove uploads strip it. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } })
    .toBuffer();
}

export const notAnImage = Buffer.from('this is plain text pretending to be a picture\n'.repeat(20));

/** Random bytes of the given size: large and undecodable. */
export function bigBlob(bytes: number): Buffer {
  return Buffer.alloc(bytes, 7);
}
