import { describe, expect, it, vi } from 'vitest';
import { CROP_ASPECT, CROP_NAME, cropToFile, pixelBox, type CanvasLike } from './cropImage';

/** A canvas that records what is drawn and encodes a blob of the asked type, as a browser's would. */
function fakeCanvas() {
  const drawImage = vi.fn();
  const canvas: CanvasLike & { type?: string } = {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage }),
    toBlob(done, type) {
      canvas.type = type;
      done(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type }));
    },
  };
  return { canvas, drawImage };
}

const image = (naturalWidth: number, naturalHeight: number) =>
  ({ naturalWidth, naturalHeight }) as unknown as HTMLImageElement;

describe('cropToFile', () => {
  it('gives a JPEG named cropped-image.jpg at the crop\'s pixel size, 16:7', async () => {
    const { canvas, drawImage } = fakeCanvas();
    const area = { x: 100.4, y: 50.6, width: 1600, height: 1600 / CROP_ASPECT };
    const file = await cropToFile(image(2000, 1200), area, () => canvas);
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe(CROP_NAME);
    expect(file.type).toBe('image/jpeg');
    expect(canvas.type).toBe('image/jpeg');
    expect([canvas.width, canvas.height]).toEqual([1600, 700]);
    expect(Math.abs(canvas.width / canvas.height - 16 / 7)).toBeLessThan(0.01);
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 100, 51, 1600, 700, 0, 0, 1600, 700);
  });

  it('fails clearly when the canvas cannot encode', async () => {
    const { canvas } = fakeCanvas();
    canvas.toBlob = (done) => done(null);
    await expect(cropToFile(image(160, 70), { x: 0, y: 0, width: 160, height: 70 }, () => canvas)).rejects.toThrow(/could not be encoded/);
  });
});

describe('pixelBox', () => {
  it('keeps the box inside the image and at least one pixel', () => {
    expect(pixelBox({ x: -2, y: -1, width: 50.5, height: 0.2 }, { width: 40, height: 30 })).toEqual({ x: 0, y: 0, width: 40, height: 1 });
    expect(pixelBox({ x: 30, y: 20, width: 20, height: 20 }, { width: 40, height: 30 })).toEqual({ x: 30, y: 20, width: 10, height: 10 });
  });
});
