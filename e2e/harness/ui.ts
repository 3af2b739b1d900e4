/** What a person does again and again in the specs. */
import type { Page } from 'playwright-core';
import { ADMIN } from './server';

export const TIMEOUT = 15_000;

/** Opens the login page with the interface language already chosen (default English, readable failures). */
export async function openLogin(page: Page, baseUrl: string, language = 'en') {
  await page.goto(`${baseUrl}/`);
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
}

export async function login(page: Page, baseUrl: string, language = 'en') {
  await openLogin(page, baseUrl, language);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'LOG IN' }).click();
  await page.waitForURL(`${baseUrl}/dashboart`, { timeout: TIMEOUT });
}

/** Picks a translation by its code in a TranslationInput labelled `label`. */
export async function pickTranslation(page: Page, label: string, code: string) {
  const input = page.getByLabel(label);
  await input.click();
  await input.fill(code);
  await page.getByRole('option', { name: code, exact: true }).click();
}

export function expectTrue(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
