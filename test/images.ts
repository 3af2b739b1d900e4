/** Real images made on the fly for upload tests (sharp), and things that only pretend to be images. */
import zlib from 'node:zlib';
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

/**
 * A small PNG that declares a huge image: `width`×`height` 8-bit grey pixels, all black, so it deflates ~1000:1
 * (16000×16000 is about 250 kB on the wire and 256 MB once decoded, four times that as sharp's RGBA).
 */
export async function pixelBomb(width = 16000, height = 16000): Promise<Buffer> {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  // Each row: filter byte 0, then the row's zero bytes.
  const row = Buffer.alloc(width + 1);
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}
