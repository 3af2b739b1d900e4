/**
 * Optimistic concurrency as two administrators meet it: both open the edit page of one cottage; the first saves a
 * new name; the second, still on the old version, saves a new price and is told the cottage changed since it was
 * opened (what changed, theirs vs current), and nothing of the first edit is lost; "Reload" shows the current values,
 * and the page's History shows the first edit.
 */
import type { Page } from 'playwright-core';
import type { Spec } from '../harness/types';
import { expectTrue, login } from '../harness/ui';

interface Cottage {
  id: string;
  name: string;
  price: number;
  priceWeekend: number;
}

async function openEdit(page: Page, baseUrl: string, id: string, name: string) {
  await page.goto(`${baseUrl}/dashboart/cottage/${id}`);
  const box = page.getByRole('textbox', { name: 'Cottage name' });
  await box.waitFor();
  await page.waitForFunction((expected) => {
    const input = document.querySelector<HTMLInputElement>('input[name="name"]');
    return input?.value === expected;
  }, name);
  await page.getByRole('combobox', { name: 'Progress' }).waitFor();
}

/** Both editors open one cottage; the first saves a new name, the second then saves a new price from the old version. */
async function meetConflict(page: Page, other: Page, baseUrl: string, original: Cottage, firstName: string, price: number) {
  await login(page, baseUrl);
  await login(other, baseUrl);
  await openEdit(page, baseUrl, original.id, original.name);
  await openEdit(other, baseUrl, original.id, original.name);
  await page.getByRole('textbox', { name: 'Cottage name' }).fill(firstName);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Cottage successfully edited').waitFor();
  await other.getByRole('spinbutton', { name: 'Cottage price' }).fill(String(price));
  await other.getByRole('button', { name: 'Save changes' }).click();
  const dialog = other.getByRole('dialog', { name: 'Changed by someone else' });
  await dialog.waitFor();
  return dialog;
}

export const specs: Spec[] = [
  {
    name: 'concurrency: a second editor on an old version is told what changed, loses nothing of the first, and reloads',
    env: { DEMO_DATA: 'on', E2E_GROUP: 'concurrency' },
    async run({ page, browser, baseUrl, api, unique }) {
      const [original] = await api.get<Cottage[]>('cottage?range=[0,0]&sort=["createdAt","ASC"]');
      expectTrue(original, 'the demo has a cottage');
      const second = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      try {
        const other = await second.newPage();
        other.setDefaultTimeout(15_000);
        const firstName = `First editor ${unique}`;
        const price = original.price + 1234;
        const dialog = await meetConflict(page, other, baseUrl, original, firstName, price);
        await dialog.getByText('This record was changed by someone else after you opened it').waitFor();
        const row = dialog.getByRole('row', { name: /Cottage name/ });
        await row.getByRole('cell', { name: original.name, exact: true }).waitFor();
        await row.getByRole('cell', { name: firstName, exact: true }).waitFor();
        // The user's own unsaved change is listed too, against the stored value.
        const priceRow = dialog.getByRole('row', { name: /Cottage price/ });
        await priceRow.getByRole('cell', { name: String(price), exact: true }).waitFor();
        await priceRow.getByRole('cell', { name: String(original.price), exact: true }).waitFor();

        // Nothing of the first edit was overwritten, nothing of the second was written.
        const stored = await api.get<Cottage>(`cottage/${original.id}`);
        expectTrue(stored.name === firstName, `the first change is kept: ${stored.name}`);
        expectTrue(stored.price === original.price, `the second change was not written: ${stored.price}`);

        // Reload shows the current values in the form.
        await dialog.getByRole('button', { name: 'Reload' }).click();
        await dialog.waitFor({ state: 'detached' });
        await other.waitForFunction((expected) => document.querySelector<HTMLInputElement>('input[name="name"]')?.value === expected, firstName);
        const shownPrice = await other.getByRole('spinbutton', { name: 'Cottage price' }).inputValue();
        expectTrue(Number(shownPrice) === original.price, `the price shows the stored value after reload: ${shownPrice}`);

        // The edit page's History shows the first editor's change, newest first; the refused one left no entry.
        await other.reload();
        const latest = other.getByRole('region', { name: 'History' }).locator('.History-entry').first();
        await latest.getByText(/Edited by /).waitFor();
        const nameRow = latest.getByRole('row', { name: /^(Cottage name|Name) / });
        await nameRow.getByRole('cell', { name: original.name, exact: true }).waitFor();
        await nameRow.getByRole('cell', { name: firstName, exact: true }).waitFor();
        expectTrue((await latest.getByRole('row', { name: /^(Cottage price|Price) / }).count()) === 0, 'the refused price change is not in the History');
      } finally {
        await second.close();
      }
    },
  },
  {
    name: 'concurrency: the second editor overwrites on purpose: their change is saved, the first change they did not touch stays',
    env: { DEMO_DATA: 'on', E2E_GROUP: 'concurrency' },
    async run({ page, browser, baseUrl, api, unique }) {
      const [original] = await api.get<Cottage[]>('cottage?range=[1,1]&sort=["createdAt","ASC"]');
      expectTrue(original, 'the demo has a second cottage');
      const second = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      try {
        const other = await second.newPage();
        other.setDefaultTimeout(15_000);
        const firstName = `Kept name ${unique}`;
        const price = original.price + 4321;
        const dialog = await meetConflict(page, other, baseUrl, original, firstName, price);
        await dialog.getByRole('button', { name: 'Overwrite' }).click();
        await other.getByText('Saved over the other change').waitFor();
        await dialog.waitFor({ state: 'detached' });
        const stored = await api.get<Cottage>(`cottage/${original.id}`);
        expectTrue(stored.price === price, `the overwrite saved the price: ${stored.price}`);
        expectTrue(stored.name === firstName, `the first editor's name stays (only changed fields travel): ${stored.name}`);
      } finally {
        await second.close();
      }
    },
  },
];
