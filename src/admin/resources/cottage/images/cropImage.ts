/**
 * The main image's crop (DESIGN §6): 16:7, saved as a JPEG named `cropped-image.jpg` at the crop's natural pixel
 * size. The canvas is a parameter so the arithmetic is tested without a browser.
 */
export const CROP_ASPECT = 16 / 7;
export const CROP_NAME = 'cropped-image.jpg';
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;

/** react-easy-crop's `croppedAreaPixels`: the crop in the source image's own pixels. */
interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): { drawImage(...args: unknown[]): void } | null;
  toBlob(done: (blob: Blob | null) => void, type: string, quality: number): void;
}

const makeCanvas = (): CanvasLike => document.createElement('canvas') as unknown as CanvasLike;

/** Whole pixels, never below one, and never past the image's edges. */
export function pixelBox(area: PixelArea, natural: { width: number; height: number }): PixelArea {
  const x = Math.max(0, Math.round(area.x));
  const y = Math.max(0, Math.round(area.y));
  return {
    x,
    y,
    width: Math.max(1, Math.min(Math.round(area.width), natural.width - x)),
    height: Math.max(1, Math.min(Math.round(area.height), natural.height - y)),
  };
}

/** Draws the area of `image` onto a canvas its size and encodes it as the JPEG file the server receives. */
export async function cropToFile(
  image: CanvasImageSource & { naturalWidth: number; naturalHeight: number },
  area: PixelArea,
  canvasFactory: () => CanvasLike = makeCanvas,
): Promise<File> {
  const box = pixelBox(area, { width: image.naturalWidth, height: image.naturalHeight });
  const canvas = canvasFactory();
  canvas.width = box.width;
  canvas.height = box.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the crop');
  context.drawImage(image, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new Error('The crop could not be encoded');
  return new File([blob], CROP_NAME, { type: 'image/jpeg' });
}

/** Loads a picked file (an object URL) as an image to crop from. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The image could not be read'));
    img.src = src;
  });
}
