/** What a person does again and again in the specs. */
import type { Page, Request } from 'playwright-core';
import { ADMIN } from './server';

export const TIMEOUT = 15_000;

const inFlight = new WeakMap<Page, Set<Request>>();

/** Keeps count of a page's requests in flight, except the change stream (`/events`, open as long as the panel is). */
export function trackRequests(page: Page): Set<Request> {
  const known = inFlight.get(page);
  if (known) return known;
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.endsWith('/api/v1/events')) pending.add(request);
  });
  const done = (request: Request) => void pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return pending;
}

/**
 * Playwright's `networkidle` (no request for 500 ms) leaving the change stream out: the panel keeps it open, so
 * `networkidle` never comes. The run's pages are tracked from their start (run.ts); another page from its first call.
 */
export async function networkQuiet(page: Page, quietMs = 500) {
  const pending = trackRequests(page);
  await page.waitForLoadState('load');
  const deadline = Date.now() + TIMEOUT;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`the network never went quiet: ${[...pending].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(50);
  }
}

/** Opens the login page with the interface language already chosen (default English, readable failures). */
export async function openLogin(page: Page, baseUrl: string, language = 'en') {
  await page.goto(`${baseUrl}/`);
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
}

/** Logs in through the form (in English) as any user. */
export async function loginAs(page: Page, baseUrl: string, username: string, password: string) {
  await openLogin(page, baseUrl, 'en');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await page.waitForURL(`${baseUrl}/dashboart`, { timeout: TIMEOUT });
}

/** Logs in through the form (in English) as the first admin, then switches the stored language if another is wanted. */
export async function login(page: Page, baseUrl: string, language = 'en') {
  await loginAs(page, baseUrl, ADMIN.username, ADMIN.password);
  if (language !== 'en') {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    await page.reload();
  }
}

/**
 * Opens the list's side panel (saved queries, quick filters) when it is folded to its rail, as it is by default below
 * 1536 px; a panel already open stays as it is. The choice is kept under the user's id, so a click made before the
 * identity has loaded can be undone when it arrives: click again until the panel stays.
 */
export async function openListPanel(page: Page) {
  const panel = page.locator('.ListAside-panel');
  const rail = page.locator('.ListAside-rail').getByRole('button', { name: 'Filters', exact: true });
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    if (await panel.isVisible()) {
      await page.waitForTimeout(300);
      if (await panel.isVisible()) return;
      continue;
    }
    if (await rail.isVisible()) await rail.click();
    await page.waitForTimeout(200);
  }
  throw new Error("the list's side panel did not open");
}

/** Picks a translation by its code in a TranslationInput labelled `label`. */
export async function pickTranslation(page: Page, label: string, code: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(code);
  await page.getByRole('option', { name: code, exact: true }).click();
}

export function expectTrue(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** A tiny valid PNG (the server decodes uploads, so it must be a real image). */
export async function pngFile(dir: string, name: string, rgb: [number, number, number]): Promise<string> {
  const { default: sharp } = await import('sharp');
  const { mkdir } = await import('node:fs/promises');
  const path = await import('node:path');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toFile(file);
  return file;
}

/** Answers the product's delete question with "Yes". */
export async function confirmDelete(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
}
