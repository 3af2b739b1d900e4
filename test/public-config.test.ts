import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ MAP_TILE_URL: 'http://tiles.test/{z}/{x}/{y}.png', GEOCODER_URL: 'http://geo.test/search' });
});
afterAll(() => t.close());

describe('GET /config', () => {
  it('gives the map settings and the time zone without a token, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mapTileUrl: 'http://tiles.test/{z}/{x}/{y}.png', geocoderUrl: 'http://geo.test/search', timeZone: 'Asia/Tashkent' });
  });

  it('defaults to OpenStreetMap tiles, Nominatim and the Tashkent time zone', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/v1/config' });
      expect(res.json()).toEqual({
        mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        geocoderUrl: 'https://nominatim.openstreetmap.org/search',
        timeZone: 'Asia/Tashkent',
      });
    } finally {
      await other.close();
    }
  });
});
