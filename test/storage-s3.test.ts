/**
 * The S3 storage driver against a real S3 server (s3rver, in this process, on a free port): images uploaded through
 * the API land in the bucket, are served back from it at /uploads/, and leave it when replaced or deleted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createTestApp, multipart, type TestContext } from './helpers';
import { catalogue, imageFile } from './fixtures';
import { pngImage } from './images';

const BUCKET = 'dacha-test';
const KEY = 'S3RVER';
const SECRET = 'S3RVER-secret/with+odd=chars'; // s3rver does not check signatures; the odd characters test the encoding

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let client: S3Client;
let t: TestContext;
const logs: string[] = [];

/** The keys in the bucket. */
async function objects(): Promise<string[]> {
  const out = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'dacha-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  endpoint = `127.0.0.1:${port}`;
  client = new S3Client({ endpoint: `http://${endpoint}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: SECRET } });
  t = await createTestApp({ STORAGE_URL: `s3://${KEY}:${encodeURIComponent(SECRET)}@${endpoint}/${BUCKET}?tls=false` }, { logs });
});

afterAll(async () => {
  await t?.close();
  client?.destroy();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

describe('S3 storage', () => {
  let cottage: { id: string; mainImage: string; images: { id: string; image: string; isMainImage: boolean }[] };

  it('stores uploaded images in the bucket under their public path, and nothing on disk', async () => {
    const c = await catalogue(t);
    const form = multipart(
      { name: 'Bucket dacha', description: 'Stored in S3', price: 1000, priceWeekend: 1200, regionId: c.region.id, placeId: c.place.id, 'comforts[]': [c.comforts[0].id], 'cottageType[]': [c.types[0].id], latitude: 41.6, longitude: 70.0 },
      [imageFile('mainImage'), imageFile('images')],
    );
    const res = await t.api({ method: 'POST', url: '/api/v1/cottage/add', ...form });
    expect(res.statusCode, res.body).toBe(201);
    cottage = res.json();
    expect(cottage.images).toHaveLength(2);
    for (const { image } of cottage.images) expect(image).toMatch(/^uploads\/images\/[\w-]+\.png$/);
    expect(await objects()).toEqual(cottage.images.map((i) => i.image).sort());
    expect(await t.uploadedFiles()).toEqual([]);
  });

  it('serves an object at /uploads/ with its bytes, image type and cache headers; HEAD without the body', async () => {
    const stored = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: cottage.mainImage }));
    const bytes = Buffer.from(await stored.Body!.transformToByteArray());
    const res = await t.app.inject({ method: 'GET', url: `/${cottage.mainImage}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000, immutable');
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    const again = await t.app.inject({ method: 'GET', url: `/${cottage.mainImage}`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: `/${cottage.mainImage}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.body).toBe('');
  });

  it('serves only image types, decided by the name, with nosniff: whatever else the bucket holds stays unserved', async () => {
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    // Put straight into the bucket (another tool, a copied folder): an HTML page, and one named .png but typed HTML.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/images/0a0b0c0d-0000-4000-8000-000000000001.html', Body: page, ContentType: 'text/html' }));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/images/0a0b0c0d-0000-4000-8000-000000000002.svg', Body: page, ContentType: 'image/svg+xml' }));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/images/0a0b0c0d-0000-4000-8000-000000000003.png', Body: page, ContentType: 'text/html' }));
    try {
      for (const name of ['0a0b0c0d-0000-4000-8000-000000000001.html', '0a0b0c0d-0000-4000-8000-000000000002.svg']) {
        expect((await t.app.inject({ method: 'GET', url: `/uploads/images/${name}` })).statusCode, name).toBe(404);
      }
      const png = await t.app.inject({ method: 'GET', url: '/uploads/images/0a0b0c0d-0000-4000-8000-000000000003.png' });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      // The next tests count the bucket's objects.
      await Promise.all(
        ['1.html', '2.svg', '3.png'].map((end) => client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `uploads/images/0a0b0c0d-0000-4000-8000-00000000000${end}` }))),
      );
    }
  });

  it('answers 404 for missing objects and for names that are not an upload’s', async () => {
    for (const url of ['/uploads/images/missing.png', '/uploads/images/..%2F..%2Fsecrets.json', '/uploads/images/a%00b.png', '/uploads/other/x.png', '/uploads/images/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/uploads/images/missing.png' })).statusCode).toBe(404);
  });

  it('deletes the replaced object when an image is replaced, and the object when an image is deleted', async () => {
    const target = cottage.images.find((i) => !i.isMainImage)!;
    const edit = await t.api({ method: 'PATCH', url: `/api/v1/cottage/image/edit/${target.id}`, ...multipart({}, [imageFile('image', await pngImage(20, 20))]) });
    expect(edit.statusCode, edit.body).toBe(200);
    const replacement = edit.json().image as string;
    expect(await objects()).toEqual([cottage.mainImage, replacement].sort());
    const del = await t.api({ method: 'DELETE', url: `/api/v1/cottage/image/delete/${target.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(await objects()).toEqual([cottage.mainImage]);
    expect((await t.app.inject({ method: 'GET', url: `/${replacement}` })).statusCode).toBe(404);
  });

  it('never shows the secret key in the config', () => {
    expect(t.config.storage).toMatchObject({ kind: 's3', bucket: BUCKET, region: 'us-east-1', credentials: { accessKeyId: KEY } });
    expect(t.config.storage.kind === 's3' && t.config.storage.credentials?.secretAccessKey).toBe(SECRET);
    expect(JSON.stringify(t.config)).not.toContain(SECRET);
    expect(inspect(t.config, { depth: 9 })).not.toContain(SECRET);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toMatch(/S3RVER-secret/);
  });
});

describe('S3 storage that fails', () => {
  it('answers 503 with a clear message when an upload cannot be stored, and logs why without the secret', async () => {
    const failing: string[] = [];
    const other = await createTestApp({ STORAGE_URL: `s3://${KEY}:${encodeURIComponent(SECRET)}@${endpoint}/no-such-bucket?tls=false` }, { logs: failing });
    try {
      const c = await catalogue(other);
      const form = multipart({ name: 'Nowhere', price: 1, priceWeekend: 1, regionId: c.region.id, placeId: c.place.id, latitude: 41, longitude: 70 }, [imageFile('mainImage')]);
      const res = await other.api({ method: 'POST', url: '/api/v1/cottage/add', ...form });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The file storage is not available; try again later' });
      const line = failing.find((l) => l.includes('file storage'));
      expect(line).toMatch(/NoSuchBucket/);
      expect(failing.join('\n')).not.toMatch(/S3RVER-secret/);
    } finally {
      await other.close();
    }
  });

  it('answers 503, not 500, when the store cannot be reached to serve a file', async () => {
    // A port nothing listens on: the store is down.
    const other = await createTestApp({ STORAGE_URL: `s3://${KEY}:${encodeURIComponent(SECRET)}@127.0.0.1:1/${BUCKET}?tls=false` });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/uploads/images/0f0e5e0c-1d2b-4c3a-9f8e-7d6c5b4a3f2e.png' });
      expect(res.statusCode).toBe(503);
    } finally {
      await other.close();
    }
  });
});
