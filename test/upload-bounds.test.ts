/**
 * Uploads bounded by more than bytes (issue 21, item 4): an image is bounded by its declared pixels (a 250 kB PNG that
 * declares 16000×16000 is refused from its header, fast and without the memory of decoding it) and stored at most
 * 4096 px on its longer side; a multipart form refuses unknown fields, a text field over 64 kB and too many parts,
 * without reading the rest of the body into memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, multipart, type TestContext } from './helpers';
import { imageFile, userWith, type TestUser } from './fixtures';
import { pixelBomb } from './images';

let t: TestContext;
let user: TestUser;
let bomb: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  // Any logged-in user may change their own photo: the weakest one sends the bomb.
  user = await userWith(t, ['stats.view']);
  bomb = await pixelBomb(16000, 16000);
});
afterAll(() => t.close());

/** Runs `work` while sampling this process's RSS every 5 ms: its time and the peak RSS above the start. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  global.gc?.();
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const began = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, ms: Math.round(performance.now() - began), peakMb: Math.round((peak - start) / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

const uploadPhoto = (content: Buffer) =>
  t.api({ method: 'PATCH', url: '/api/v1/user/me', token: user.token, ...multipart({}, [imageFile('image', content, 'bomb.png')]) });

describe('images bounded by pixels', () => {
  it('a PNG declaring 16000×16000 answers 413 within a second, without a memory spike, and stores nothing', async () => {
    expect(bomb.length).toBeLessThan(300 * 1024);
    const filesBefore = await t.uploadedFiles();
    const { result: res, ms, peakMb } = await measured(() => uploadPhoto(bomb));
    console.log(`pixel bomb (${Math.round(bomb.length / 1024)} kB, 16000×16000) via PATCH user/me: ${res.statusCode} in ${ms} ms, RSS peak +${peakMb} MB`);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toMatch(/16000×16000 pixels; at most 50 megapixels/);
    expect(ms).toBeLessThan(1500);
    expect(peakMb).toBeLessThan(100);
    expect(await t.uploadedFiles()).toEqual(filesBefore);
  });

  it('a large image within the pixel bound is stored at most 4096 px on its longer side', async () => {
    const big = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: { r: 20, g: 90, b: 160 } } }).jpeg().toBuffer();
    const { result: res, ms, peakMb } = await measured(() => uploadPhoto(big));
    console.log(`6000×3000 JPEG via PATCH user/me: ${res.statusCode} in ${ms} ms, RSS peak +${peakMb} MB`);
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: `/${res.json().image}` });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([4096, 2048]);
  });

  it('MAX_IMAGE_MEGAPIXELS sets the bound', async () => {
    const strict = await createTestApp({ MAX_IMAGE_MEGAPIXELS: '0.0001' });
    try {
      const res = await strict.api({ method: 'PATCH', url: '/api/v1/user/me', ...multipart({}, [imageFile('image')]) });
      expect(res.statusCode).toBe(413);
    } finally {
      await strict.close();
    }
  });
});

describe('multipart bounds', () => {
  it('60 text fields of 1 MB answer 413 at the first one, without buffering the body', async () => {
    const mb = 'x'.repeat(1024 * 1024);
    const fields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [i ? `name${i}` : 'name', mb]));
    const form = multipart(fields);
    const { result: res, ms, peakMb } = await measured(() => t.api({ method: 'PATCH', url: '/api/v1/user/me', token: user.token, ...form }));
    console.log(`60 × 1 MB text fields: ${res.statusCode} in ${ms} ms, RSS peak +${peakMb} MB (the 60 MB body itself is the test's)`);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/"name" is longer than 64 kB/);
  });

  it('a field the form does not know answers 400 naming it; the name is not stored', async () => {
    const res = await t.api({ method: 'PATCH', url: '/api/v1/user/me', token: user.token, ...multipart({ name: 'Known', isAdmin: 'true' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Unknown field "isAdmin"', fields: { isAdmin: 'Unknown field' } });
    const me = await t.api({ method: 'GET', url: '/api/v1/user/me', token: user.token });
    expect(me.json().name).not.toBe('Known');
  });

  it('a file field may still come as empty text (the original panel sends image="")', async () => {
    const res = await t.api({ method: 'PATCH', url: '/api/v1/user/me', token: user.token, ...multipart({ name: 'Text image', image: '' }) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('too many fields or files answer 413', async () => {
    const many = await t.api({ method: 'PATCH', url: '/api/v1/user/me', token: user.token, ...multipart({ name: Array.from({ length: 150 }, (_, i) => `n${i}`) }) });
    expect(many.statusCode).toBe(413);
    const files = Array.from({ length: 20 }, () => imageFile('image'));
    const tooMany = await t.api({ method: 'PATCH', url: '/api/v1/user/me', token: user.token, ...multipart({}, files) });
    expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooMany.statusCode).toBeLessThan(500);
  });
});
