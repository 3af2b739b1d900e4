/**
 * The cottage list and the moderation queue on the demo data: confirm, reject with a reason (the owner's
 * notification), bulk-confirm, and "Masjid" for a type that hides its price. Moderation changes the demo records,
 * so these specs have a server of their own.
 */
import type { Page } from 'playwright-core';
import type { Api } from '../harness/api';
import type { Spec } from '../harness/types';
import { expectTrue, login, TIMEOUT } from '../harness/ui';

const ENV = { DEMO_DATA: 'on', E2E_GROUP: 'cottage-list' };

interface Cottage {
  id: string;
  name: string;
  cottageStatus: string;
  userId: string | null;
  cottageType: { id: string; hidePrice: boolean }[];
}

const filterOf = (filter: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filter));

async function patch(baseUrl: string, api: Api, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PATCH ${path} → ${res.status} ${await res.text()}`);
}

/** Waiting demo cottages with an owner, renamed so the spec can find exactly them. */
async function waiting(baseUrl: string, api: Api, names: string[]): Promise<Cottage[]> {
  const list = await api.get<Cottage[]>(`cottage?filter=${filterOf({ cottageStatus: 'progress' })}&range=[0,49]`);
  const owned = list.filter((c) => c.userId).slice(0, names.length);
  expectTrue(owned.length === names.length, `the demo data must have ${names.length} waiting cottages with an owner`);
  for (const [i, cottage] of owned.entries()) await patch(baseUrl, api, `cottage/edit/${cottage.id}`, { name: names[i] });
  return owned.map((c, i) => ({ ...c, name: names[i] }));
}

const badge = (page: Page) => page.getByTestId('progress-badge');
const statusOf = async (api: Api, id: string) => (await api.get<Cottage>(`cottage/${id}`)).cottageStatus;

async function openQueue(page: Page, baseUrl: string, search: string) {
  await page.goto(`${baseUrl}/dashboart/progress-cottages`);
  await page.getByPlaceholder('Search', { exact: true }).fill(search);
}

export const specs: Spec[] = [
  {
    name: 'cottages moderation: confirming one drops the badge by one and puts it in the cottage list',
    env: ENV,
    async run({ page, baseUrl, api, unique }) {
      const [cottage] = await waiting(baseUrl, api, [`Confirm me ${unique}`]);
      const before = (await api.get<{ progressCottages: number }>('stats')).progressCottages;
      await login(page, baseUrl);
      await badge(page).filter({ hasText: `+${before}` }).waitFor();
      await openQueue(page, baseUrl, cottage.name);
      const row = page.getByRole('row', { name: new RegExp(cottage.name) });
      await row.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Cottage confirmed').waitFor();
      await badge(page).filter({ hasText: `+${before - 1}` }).waitFor({ timeout: TIMEOUT });
      expectTrue((await statusOf(api, cottage.id)) === 'confirmed', 'the cottage must be confirmed in the API');
      await row.waitFor({ state: 'detached' });

      await page.getByRole('menuitem', { name: 'Cottages', exact: true }).click();
      await page.waitForURL(/\/dashboart\/cottage/);
      await page.getByPlaceholder('Search', { exact: true }).fill(cottage.name);
      await page.getByRole('cell', { name: cottage.name, exact: true }).waitFor();
    },
  },
  {
    name: 'cottages moderation: rejecting with a reason sends the owner a personal notification',
    env: ENV,
    async run({ page, baseUrl, api, unique }) {
      const [cottage] = await waiting(baseUrl, api, [`Reject me ${unique}`]);
      const reason = `Photos are blurry ${unique}`;
      await login(page, baseUrl);
      await openQueue(page, baseUrl, cottage.name);
      await page.getByRole('row', { name: new RegExp(cottage.name) }).getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Reason (optional, sent to the owner)').fill(reason);
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await page.getByText('Cottage rejected').waitFor();
      expectTrue((await statusOf(api, cottage.id)) === 'rejected', 'the cottage must be rejected in the API');
      const notes = await api.get<{ message: string; type: string }[]>(`notification/all?filter=${filterOf({ userId: cottage.userId })}`);
      const sent = notes.filter((n) => n.message.includes(reason));
      expectTrue(sent.length === 1 && sent[0].type === 'personal', `one personal notification with the reason, found ${JSON.stringify(notes)}`);

      // The Rejected view lists it, with its count.
      await page.getByTestId('queue-tab-rejected').click();
      await page.getByRole('cell', { name: cottage.name, exact: true }).waitFor();
    },
  },
  {
    name: 'cottages moderation: bulk-confirming two selected rows is one request',
    env: ENV,
    async run({ page, baseUrl, api, unique }) {
      const chosen = await waiting(baseUrl, api, [`Bulk A ${unique}`, `Bulk B ${unique}`]);
      const bulk: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && /\/api\/v1\/cottage\//.test(request.url())) bulk.push(request.url());
      });
      await login(page, baseUrl);
      await openQueue(page, baseUrl, unique);
      for (const cottage of chosen) await page.getByRole('row', { name: new RegExp(cottage.name) }).getByRole('checkbox').check();
      await page.getByText('2 items selected').waitFor();
      await page.getByRole('button', { name: 'Confirm', exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('2 cottages confirmed').waitFor();
      for (const cottage of chosen) expectTrue((await statusOf(api, cottage.id)) === 'confirmed', `${cottage.name} must be confirmed`);
      expectTrue(bulk.length === 1 && bulk[0].endsWith('/cottage/bulk/edit'), `one bulk call expected, saw ${JSON.stringify(bulk)}`);
    },
  },
  {
    name: 'cottages moderation: list: a cottage with a type that hides the price shows "Masjid"',
    env: ENV,
    async run({ page, baseUrl, api, unique }) {
      const types = await api.get<{ id: string; hidePrice: boolean }[]>('cottage-type');
      const hiding = types.find((t) => t.hidePrice);
      const plain = types.find((t) => !t.hidePrice);
      expectTrue(hiding && plain, 'the demo data must have a type that hides the price and one that does not');
      const [mosque, house] = await api.get<Cottage[]>(`cottage?filter=${filterOf({ cottageStatus: 'confirmed' })}&range=[0,1]`);
      // Any of the types hides it, not only the first.
      await patch(baseUrl, api, `cottage/edit/${mosque.id}`, { name: `Mosque ${unique}`, cottageType: [plain.id, hiding.id] });
      await patch(baseUrl, api, `cottage/edit/${house.id}`, { name: `House ${unique}`, cottageType: [plain.id], price: 700000, priceWeekend: 900000 });
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/cottage`);
      await page.getByPlaceholder('Search', { exact: true }).fill(unique);
      await page.getByRole('row', { name: new RegExp(`Mosque ${unique}`) }).getByText('Masjid', { exact: true }).waitFor();
      // Compact by default: the two prices whole on one line, the sentence in the tooltip.
      const houseRow = page.getByRole('row', { name: new RegExp(`House ${unique}`) });
      await houseRow.getByText('700,000 / 900,000', { exact: true }).waitFor();
      expectTrue((await houseRow.getByTitle('700,000 sum / 900,000 sum (weekend)').count()) === 1, 'the compact price has the sentence as its tooltip');
      // Comfortable rows say it whole; grouped by each language's rules (no-break spaces in uz and ru).
      await page.getByRole('button', { name: 'Compact rows' }).click();
      await houseRow.getByText('700,000 sum / 900,000 sum (weekend)').waitFor();
      await page.evaluate(() => localStorage.setItem('language', 'uz'));
      await page.reload();
      await page.getByPlaceholder('Qidirish', { exact: true }).fill(unique);
      await page.getByRole('row', { name: new RegExp(`House ${unique}`) }).getByText(/^700\s000 soʻm \/ 900\s000 soʻm/).waitFor();
    },
  },
];
