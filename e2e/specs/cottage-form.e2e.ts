/**
 * The cottage form (create with the map, edit that keeps untouched fields) and the form without map tiles; its images
 * are in cottage-images.e2e.ts. Each group has its own server: the specs leave cottages behind.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { Api } from '../harness/api';
import { ROOT } from '../harness/server';
import type { Spec } from '../harness/types';
import { expectTrue, login, pngFile } from '../harness/ui';

interface Cottage {
  id: string;
  name: string;
  description: string;
  price: number;
  priceWeekend: number;
  mainImage: string | null;
  images: { id: string; image: string; isMainImage: boolean; status: string }[];
  comforts: { id: string }[];
  cottageType: { id: string }[];
  regionId: string;
  placeId: string;
  latitude: number | null;
  longitude: number | null;
  status: string;
  cottageStatus: string;
}

const FIXTURES = path.join(ROOT, 'e2e', 'artifacts', 'fixtures');
const DEMO = { DEMO_DATA: 'on', E2E_GROUP: 'cottage-form' };
/** A tile server of our own for the CSP spec, on a port derived from the process (known before its server starts). */
const TILE_PORT = 20000 + (process.pid % 20000);

/** `POST cottage/add` as multipart, as the panel sends it; the first region's first place. */
async function arrangeCottage(api: Api, baseUrl: string, name: string, extra: Record<string, string> = {}): Promise<Cottage> {
  const [place] = await api.get<{ id: string; regionId: string }[]>('place');
  const [comfort] = await api.get<{ id: string }[]>('comfort');
  const form = new FormData();
  const fields = { name, price: '150', priceWeekend: '250', description: 'By the river', regionId: place.regionId, placeId: place.id, comforts: comfort.id, ...extra };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const png = await pngFile(FIXTURES, `cottage-${name}.png`, [20, 90, 160]);
  form.set('mainImage', new Blob([await readFile(png)], { type: 'image/png' }), 'main.png');
  const res = await fetch(`${baseUrl}/api/v1/cottage/add`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
  const body = await res.text();
  expectTrue(res.ok, `POST cottage/add: ${res.status} ${body}`);
  return JSON.parse(body) as Cottage;
}

async function pickFirst(page: Page, label: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await page.getByRole('option').first().click();
}

const coordinate = async (page: Page, label: string) => Number(await page.getByRole('textbox', { name: label }).inputValue());

export const specs: Spec[] = [
  {
    name: 'cottage form: create with a map click and two child images; the record has the clicked spot',
    env: DEMO,
    async run({ page, baseUrl, api, unique }) {
      const name = `E2E cottage ${unique}`;
      const main = await pngFile(FIXTURES, `main-${unique}.png`, [10, 120, 40]);
      const children = [await pngFile(FIXTURES, `c1-${unique}.png`, [90, 20, 40]), await pngFile(FIXTURES, `c2-${unique}.png`, [90, 20, 140])];
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/cottage/create`);
      await page.getByRole('textbox', { name: 'Cottage name' }).fill(name);
      await page.locator('input[type=file][name=mainImage]').setInputFiles(main);
      await page.getByRole('button', { name: 'Use this crop' }).click();
      await page.locator('input[type=file][aria-label^="Child images"]').setInputFiles(children);
      await page.getByRole('group', { name: 'Cottage type' }).getByRole('checkbox').first().check();
      await pickFirst(page, 'Cottage region');
      await pickFirst(page, 'Cottage place');
      await page.getByRole('spinbutton', { name: 'Cottage price' }).fill('1200');
      await page.getByRole('spinbutton', { name: 'Cottage weekend price' }).fill('1500');

      // The map opens on Tashkent; a click away from the centre moves the marker and the inputs there.
      const map = page.locator('.leaflet-container');
      await map.waitFor();
      expectTrue((await coordinate(page, 'Latitude')) === 0, 'a new cottage starts without a spot');
      const box = (await map.boundingBox())!;
      const click = { x: box.width / 2 + 120, y: box.height / 2 + 60 };
      await map.click({ position: click });
      await page.waitForFunction(() => (document.querySelector('input[name="location.latitude"]') as HTMLInputElement)?.value !== '');
      const latitude = await coordinate(page, 'Latitude');
      const longitude = await coordinate(page, 'Longitude');
      expectTrue(latitude < 41.2995 && longitude > 69.2401, `the click (below right of Tashkent) gave ${latitude}, ${longitude}`);
      // Measured again: the click scrolled the map into view.
      const now = (await map.boundingBox())!;
      const marker = (await page.locator('.leaflet-marker-icon').boundingBox())!;
      const tip = { x: marker.x + marker.width / 2 - now.x, y: marker.y + marker.height - now.y };
      expectTrue(Math.abs(tip.x - click.x) <= 3 && Math.abs(tip.y - click.y) <= 3, `the marker moved to the click: ${JSON.stringify(tip)} vs ${JSON.stringify(click)}`);

      await page.getByRole('button', { name: 'Save' }).click();
      // The save uploads three pictures, which the server crops, resizes and hashes before it answers.
      await page.getByText(/Cottage added\. It is in progress/).waitFor({ timeout: 30_000 });
      const [found] = await api.get<{ id: string }[]>(`cottage?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
      const saved = await api.get<Cottage>(`cottage/${found.id}`);
      expectTrue(saved.latitude === latitude && saved.longitude === longitude, `saved ${saved.latitude}, ${saved.longitude}; clicked ${latitude}, ${longitude}`);
      expectTrue(saved.cottageStatus === 'progress' && saved.price === 1200 && saved.priceWeekend === 1500, `saved ${JSON.stringify(saved)}`);
      expectTrue(saved.mainImage && saved.images.filter((i) => !i.isMainImage).length === 2, `two child images: ${JSON.stringify(saved.images)}`);
      expectTrue(saved.cottageType.length === 1, 'the checked type is saved');
    },
  },
  {
    name: 'cottage form: edit opens the map on the saved spot, and a name change leaves every other field as it was',
    env: DEMO,
    async run({ page, baseUrl, api, unique }) {
      const before = await arrangeCottage(api, baseUrl, `E2E edit ${unique}`, { location: JSON.stringify({ latitude: 41.35, longitude: 69.31 }) });
      expectTrue(before.latitude === 41.35, `arranged at ${before.latitude}`);
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/cottage/${before.id}`);
      await page.locator('.leaflet-marker-icon').waitFor();
      expectTrue((await coordinate(page, 'Latitude')) === 41.35 && (await coordinate(page, 'Longitude')) === 69.31, 'the inputs show the saved spot');
      const map = (await page.locator('.leaflet-container').boundingBox())!;
      const marker = (await page.locator('.leaflet-marker-icon').boundingBox())!;
      const tip = { x: marker.x + marker.width / 2, y: marker.y + marker.height };
      expectTrue(Math.abs(tip.x - (map.x + map.width / 2)) <= 3 && Math.abs(tip.y - (map.y + map.height / 2)) <= 3, 'the map is centred on the saved spot');
      await page.getByRole('combobox', { name: 'Progress' }).waitFor();
      await page.getByRole('textbox', { name: 'Cottage name' }).fill(`E2E edited ${unique}`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Cottage successfully edited').waitFor();
      const after = await api.get<Cottage>(`cottage/${before.id}`);
      expectTrue(after.name === `E2E edited ${unique}`, `name ${after.name}`);
      const keys = ['description', 'price', 'priceWeekend', 'mainImage', 'regionId', 'placeId', 'latitude', 'longitude', 'status', 'cottageStatus'] as const;
      for (const k of keys) expectTrue(after[k] === before[k], `${k} changed: ${String(before[k])} → ${String(after[k])}`);
      expectTrue(JSON.stringify(after.comforts.map((c) => c.id)) === JSON.stringify(before.comforts.map((c) => c.id)), 'comforts unchanged');
      expectTrue(after.images.length === before.images.length, 'images unchanged');
    },
  },
  {
    name: 'cottage form: the map tiles and the marker load under the CSP, which names the tile host',
    env: { DEMO_DATA: 'on', E2E_GROUP: 'cottage-csp', MAP_TILE_URL: `http://127.0.0.1:${TILE_PORT}/{z}/{x}/{y}.png` },
    async run({ page, baseUrl }) {
      const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 170, g: 210, b: 160 } } }).png().toBuffer();
      const tiles = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(tile));
      await new Promise<void>((resolve) => tiles.listen(TILE_PORT, '127.0.0.1', resolve));
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      try {
        await login(page, baseUrl);
        await page.goto(`${baseUrl}/dashboart/cottage/create`);
        await page.locator('.leaflet-tile-loaded').first().waitFor();
        const marker = page.locator('.leaflet-marker-icon');
        await marker.waitFor();
        await page.waitForFunction(() => (document.querySelector('.leaflet-marker-icon') as HTMLImageElement | null)?.naturalWidth);
        expectTrue(blocked.length === 0, `nothing blocked by the CSP: ${blocked.join(' | ')}`);
      } finally {
        await new Promise((resolve) => tiles.close(resolve));
      }
    },
  },
  {
    name: 'cottage form: with map tiles unreachable it says so, and a typed location is saved',
    env: { DEMO_DATA: 'on', E2E_GROUP: 'cottage-offline', MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png', GEOCODER_URL: 'http://127.0.0.1:9/search' },
    async run({ page, baseUrl, api, unique }) {
      const name = `E2E offline ${unique}`;
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/cottage/create`);
      await page.getByText('The map could not load').waitFor();
      await page.getByRole('textbox', { name: 'Cottage name' }).fill(name);
      await page.locator('input[type=file][name=mainImage]').setInputFiles(await pngFile(FIXTURES, `off-${unique}.png`, [5, 5, 5]));
      await page.getByRole('button', { name: 'Use this crop' }).click();
      await pickFirst(page, 'Cottage region');
      await pickFirst(page, 'Cottage place');
      await page.getByRole('spinbutton', { name: 'Cottage price' }).fill('100');
      await page.getByRole('spinbutton', { name: 'Cottage weekend price' }).fill('200');
      await page.getByRole('textbox', { name: 'Latitude' }).fill('40.123456');
      await page.getByRole('textbox', { name: 'Longitude' }).fill('70.654321');
      // The search says it is unavailable in one line, and the form still saves.
      await page.getByRole('textbox', { name: /Search for the cottage place/ }).fill('Chimgan');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('The place search is unavailable').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/Cottage added/).waitFor();
      const [found] = await api.get<{ id: string }[]>(`cottage?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
      const saved = await api.get<Cottage>(`cottage/${found.id}`);
      expectTrue(saved.latitude === 40.123456 && saved.longitude === 70.654321, `saved ${saved.latitude}, ${saved.longitude}`);
    },
  },
];
