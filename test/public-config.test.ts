import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ MAP_TILE_URL: 'http://tiles.test/{z}/{x}/{y}.png', GEOCODER_URL: 'http://geo.test/search', APP_TIME_ZONE: 'Europe/Moscow' });
});
afterAll(() => t.close());

describe('GET /config', () => {
  it('gives the map settings and the time zone without a token, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mapTileUrl: 'http://tiles.test/{z}/{x}/{y}.png', geocoderUrl: 'http://geo.test/search', timeZone: 'Europe/Moscow' });
  });

  it('defaults to OpenStreetMap tiles, Nominatim and Tashkent time', async () => {
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

  it('refuses to start with a time zone the runtime does not know', async () => {
    await expect(createTestApp({ APP_TIME_ZONE: 'Asia/Nowhere' })).rejects.toThrow(/APP_TIME_ZONE must be an IANA time zone/);
  });
});
