/**
 * `npx tsx scripts/screenshots.ts [lang…]`: the closing note's pictures, not a test. Builds what is stale, starts the
 * built server with the demo data on a fresh data folder, logs in through the form, and saves what a person sees first
 * on each daily screen — at 1366×768 and 390×844, in uz and ru — as docs/screenshots/<lang>-<width>-<screen>.png
 * (palette PNGs, so each stays small). Look at every one before writing the note.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { adminIsStale, buildServer, serverIsStale } from './build.mjs';
import { apiAs } from '../e2e/harness/api';
import { ROOT, startServer } from '../e2e/harness/server';
import { login, networkQuiet, trackRequests } from '../e2e/harness/ui';

const OUT = path.join(ROOT, 'docs', 'screenshots');
const LANGUAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['uz', 'ru'];
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

interface Screen {
  name: string;
  path: string;
  /** What shows the screen has its data (not only its skeleton). */
  ready: (page: Page) => Promise<unknown>;
  /** Something to do before the picture (open the cropper). */
  act?: (page: Page) => Promise<void>;
}

/** A list's first row (or its empty or error state); a screen that never shows one is pictured as it is. */
const rows = (page: Page) =>
  page
    .locator('main table tbody tr, main [data-testid=empty], main [role=alert]')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);

/** Two child images and a price change on the first cottage: a gallery in the form, and history in the audit log. */
async function arrange(baseUrl: string, token: string, cottageId: string) {
  const auth = { authorization: `Bearer ${token}` };
  for (const colour of [{ r: 60, g: 120, b: 200 }, { r: 220, g: 170, b: 60 }]) {
    const png = await sharp({ create: { width: 640, height: 420, channels: 3, background: colour } }).png().toBuffer();
    const form = new FormData();
    form.set('cottageId', cottageId);
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'gallery.png');
    const res = await fetch(`${baseUrl}/api/v1/cottage/image/add`, { method: 'POST', headers: auth, body: form });
    if (!res.ok) throw new Error(`image add: ${res.status} ${await res.text()}`);
  }
  const price = new FormData();
  price.set('price', '950000');
  const res = await fetch(`${baseUrl}/api/v1/cottage/edit/${cottageId}`, { method: 'PATCH', headers: auth, body: price });
  if (!res.ok) throw new Error(`cottage edit: ${res.status} ${await res.text()}`);
}

async function main() {
  if (adminIsStale() && spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
    throw new Error('the admin panel failed to build');
  }
  if (serverIsStale()) await buildServer();
  mkdirSync(OUT, { recursive: true });
  const photo = path.join(tmpdir(), `dacha-crop-source-${process.pid}.png`);
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 160, b: 90 } } }).png().toFile(photo);

  // At info level: the start's signals backfill says when the demo's cottages have their risk. Pictures taken before
  // showed a risk of 0 in every row.
  const server = await startServer({ DEMO_DATA: 'on', SCRYPT_N: String(2 ** 13), LOG_LEVEL: 'info' }, { built: true });
  const signalled = () => /cottages written without signals now have them/.test(server.log());
  for (let i = 0; i < 1200 && !signalled(); i++) await new Promise((r) => setTimeout(r, 100));
  if (!signalled()) throw new Error('the demo\'s signals were not computed within 2 minutes');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const api = await apiAs(server.baseUrl);
    const [cottage] = await api.get<{ id: string }[]>('cottage');
    await arrange(server.baseUrl, api.token, cottage.id);
    const screens: Screen[] = [
      { name: 'cottage-list', path: '/dashboart/cottage', ready: rows },
      { name: 'queue', path: '/dashboart/progress-cottages', ready: rows },
      { name: 'orders', path: '/dashboart/order', ready: rows },
      { name: 'audit', path: '/dashboart/audit', ready: rows },
      { name: 'cottage-form', path: `/dashboart/cottage/${cottage.id}/images`, ready: (p) => p.locator('section#images img').first().waitFor() },
      {
        name: 'cottage-crop',
        path: '/dashboart/cottage/create',
        ready: (p) => p.locator('input[type=file][name=mainImage]').waitFor({ state: 'attached' }),
        act: async (p) => {
          await p.locator('input[type=file][name=mainImage]').setInputFiles(photo);
          await p.getByTestId('main-image-cropper').locator('img').waitFor();
        },
      },
    ];
    for (const language of LANGUAGES) {
      for (const viewport of VIEWPORTS) {
        const context = await browser.newContext({ viewport, locale: language === 'ru' ? 'ru-RU' : 'uz-UZ' });
        const page = await context.newPage();
        trackRequests(page);
        await login(page, server.baseUrl, language);
        // The greeting after a login is a one-off toast, not part of the screens.
        await page.locator('.LoginGreeting').waitFor({ timeout: 5000 }).catch(() => undefined);
        await page.locator('.LoginGreeting').getByRole('button').last().click().catch(() => undefined);
        for (const screen of screens) {
          await page.goto(`${server.baseUrl}${screen.path}`);
          await screen.ready(page);
          await screen.act?.(page);
          await networkQuiet(page).catch(() => undefined);
          await page.waitForTimeout(400); // transitions and lazy images settle
          const file = path.join(OUT, `${language}-${viewport.width}-${screen.name}.png`);
          const shot = await page.screenshot();
          await sharp(shot).png({ palette: true, colours: 128, compressionLevel: 9, effort: 8 }).toFile(file);
          console.log(`screenshots: ${path.relative(ROOT, file)}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
