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
  // A `keepalive` fetch answered 400 (a presence leave) is reported answered but never finished, which held every
  // later wait: a request counts as done a second after its answer came, whatever its body does.
  page.on('response', (response) => void setTimeout(() => done(response.request()), 1000));
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
    if (Date.now() > deadline) throw new Error(`the network never went quiet: ${[...pending].map((r) => `${r.method()} ${r.url()}`).join(', ')}`);
    await page.waitForTimeout(50);
  }
}

/**
 * Client-side navigation (react-router follows popstate): the panel's bundle is not loaded and parsed again, nor its
 * session, identity and catalogue fetched again. The screen's own calls still go out, and `networkQuiet` waits for them.
 */
export async function navigate(page: Page, href: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

/**
 * Resolves once no finite animation or transition runs (MUI fades and grows things in; measure colours and sizes after).
 * Spinners and skeletons loop forever and are left out. Usually at once after `networkQuiet`, where a fixed sleep waited.
 */
export async function stillness(page: Page) {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: TIMEOUT },
  );
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

/** The id of the cottage the review desk shows, once it shows one other than `not` and is ready for keys. */
export async function shownCottage(page: Page, not?: string): Promise<string> {
  const handle = await page.waitForFunction(
    (previous) => {
      // Not busy: a key pressed during a move is dropped, as a moderator's would be.
      const id = document.querySelector('[data-testid="review-cottage"][aria-busy="false"]')?.getAttribute('data-id');
      return id && id !== previous ? id : null;
    },
    not ?? null,
    { timeout: TIMEOUT },
  );
  return (await handle.jsonValue()) as string;
}
