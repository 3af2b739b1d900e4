/**
 * The photo hashing of the previous wave (two sharp pipelines and a metadata read per photo: the whole photo and its
 * 10 % crop, each decoded and shrunk apart), kept only as the bench's "before" for `image/search`'s time; the hashes
 * themselves are not compared.
 */
import sharp from 'sharp';

const SIZE = 32;

async function grey(bytes: Buffer, crop: number): Promise<Buffer> {
  let image = sharp(bytes, { failOn: 'none' }).rotate();
  if (crop) {
    const { width = 0, height = 0 } = await sharp(bytes, { failOn: 'none' }).rotate().metadata();
    const left = Math.floor(width * crop);
    const top = Math.floor(height * crop);
    if (width - 2 * left >= 8 && height - 2 * top >= 8) image = image.extract({ left, top, width: width - 2 * left, height: height - 2 * top });
  }
  return image.greyscale().resize(SIZE, SIZE, { fit: 'fill' }).raw().toBuffer();
}

/** The two grey 32×32 pictures the previous code hashed (its DCTs cost ~1 ms and are left out). */
export const previousDecode = (bytes: Buffer) => Promise.all([grey(bytes, 0), grey(bytes, 0.1)]);
