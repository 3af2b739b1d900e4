import type { Page } from 'playwright-core';
import type { Spec } from '../harness/types';
import { expectTrue, login } from '../harness/ui';

interface Order {
  id: string;
  cottageId: string;
  status: string;
  orderStatus: string;
  premiumActivatedAt: string | null;
  cottage: { id: string; name: string; cottageStatus: string };
  premium: { id: string; orderId: string; expireAt: string } | null;
}
interface Cottage {
  premiumCottages: { orderId: string | null }[];
}

const listUrl = (baseUrl: string, filter: object) => `${baseUrl}/dashboart/order?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** No secret on screen: neither a password nor a stored hash (`scrypt$…`). */
async function expectNoSecrets(page: Page, secrets: string[]) {
  const text = await page.locator('body').innerText();
  const html = await page.content();
  for (const s of [...secrets, 'scrypt$']) expectTrue(!text.includes(s) && !html.includes(s), `the page shows a secret: ${s}`);
}

export const specs: Spec[] = [
  {
    name: 'order: Make premium (Active Pre) after a confirmation makes one placement even on a double click, the row shows it; an unconfirmed cottage is an error; the edit is prefilled and sends only the change; bulk status in one call',
    // It places a demo order as premium: a server of its own.
    env: { DEMO_DATA: 'on', E2E_GROUP: 'orders' },
    async run({ page, baseUrl, api }) {
      const all = await api.get<Order[]>('order/all/for/admin?range=[0,999]');
      const open = all.filter((o) => !o.premiumActivatedAt);
      const alone = (o: Order) => open.filter((x) => x.cottageId === o.cottageId).length === 1;
      const target = open.find((o) => o.cottage.cottageStatus === 'confirmed' && alone(o));
      expectTrue(target, 'the demo data must have an order not yet placed, alone on its confirmed cottage');

      await login(page, baseUrl);
      await page.goto(listUrl(baseUrl, { cottageId: target.cottageId, activated: 'false' }));
      const row = page.locator('main table tbody tr');
      await row.getByRole('link', { name: target.cottage.name }).waitFor();
      expectTrue((await row.count()) === 1, `one row expected, got ${await row.count()}`);

      // A confirmation first: cancelling it places nothing.
      await row.getByRole('button', { name: 'Make premium' }).click();
      await page.getByRole('dialog').getByText('Place this cottage as premium?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expectTrue(!(await api.get<Order>(`order/${target.id}`)).premiumActivatedAt, 'cancel must place nothing');

      // Confirm with a double click: still one placement.
      await row.getByRole('button', { name: 'Make premium' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).dblclick();
      await page.getByText('Success add Premium cottage').first().waitFor();
      const placed = await api.get<Order>(`order/${target.id}`);
      expectTrue(placed.premiumActivatedAt && placed.premium?.orderId === target.id, `placed: ${JSON.stringify(placed)}`);
      const cottage = await api.get<Cottage>(`cottage/${target.cottageId}`);
      const placements = cottage.premiumCottages.filter((p) => p.orderId === target.id);
      expectTrue(placements.length === 1, `one placement expected, got ${placements.length}`);

      // The row (same filter view, now without the activated filter) shows it, and the button is disabled.
      await page.goto(listUrl(baseUrl, { cottageId: target.cottageId }));
      const activatedRow = page.locator('main table tbody tr', { has: page.getByTestId('order-activated') });
      await activatedRow.getByText('Activated', { exact: true }).waitFor();
      await activatedRow.getByText(/^placed /).waitFor();
      expectTrue(await activatedRow.getByRole('button', { name: 'Make premium' }).isDisabled(), 'the button must be disabled once placed');
      await expectNoSecrets(page, []);

      // An unconfirmed cottage: the server's 409 shows as an error, with its message.
      const refused = open.find((o) => o.cottageId !== target.cottageId && o.cottage.cottageStatus === 'confirmed');
      expectTrue(refused, 'the demo data must have another open order');
      const reject = await fetch(`${baseUrl}/api/v1/cottage/edit/${refused.cottageId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cottageStatus: 'rejected' }),
      });
      expectTrue(reject.ok, `rejecting the cottage: ${reject.status} ${await reject.text()}`);
      await page.goto(listUrl(baseUrl, { cottageId: refused.cottageId, activated: 'false' }));
      await page.locator('main table tbody tr').first().getByRole('button', { name: 'Make premium' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.locator('.RaNotification-error', { hasText: /confirmed cottage/ }).waitFor();
      const stillOpen = await api.get<Order[]>(`order/all/for/admin?filter=${encodeURIComponent(JSON.stringify({ cottageId: refused.cottageId, activated: true }))}`);
      expectTrue(stillOpen.length === 0, `the refused cottage must have no new placement: ${JSON.stringify(stillOpen)}`);

      // Edit: both statuses prefilled with the current values; only the changed one is sent.
      await page.goto(`${baseUrl}/dashboart/order/${target.id}`);
      await page.getByRole('combobox', { name: 'Order Status' }).filter({ hasText: placed.orderStatus === 'success' ? 'Success' : placed.orderStatus === 'progress' ? 'In progress' : 'Cancelled' }).waitFor();
      await page.getByRole('combobox', { name: /^Status/ }).filter({ hasText: 'Active' }).waitFor();
      const next = placed.orderStatus === 'cancelled' ? 'Success' : 'Cancelled';
      await page.getByRole('combobox', { name: 'Order Status' }).click();
      await page.getByRole('option', { name: next }).click();
      const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`order/update/${target.id}`));
      await page.getByRole('button', { name: 'Save' }).click();
      const body = (await patch).postDataJSON() as Record<string, unknown>;
      expectTrue(JSON.stringify(body) === JSON.stringify({ orderStatus: next.toLowerCase() }), `sent: ${JSON.stringify(body)}`);
      await page.getByText('Success order').first().waitFor();
      const saved = await api.get<Order>(`order/${target.id}`);
      expectTrue(saved.orderStatus === next.toLowerCase() && saved.status === 'active', `saved: ${JSON.stringify(saved)}`);

      // Bulk status: every selected order set inactive by one call to the bulk endpoint.
      await page.goto(listUrl(baseUrl, { cottageId: target.cottageId }));
      await page.locator('main table tbody tr').first().waitFor();
      await page.getByRole('checkbox', { name: 'Select all' }).first().check();
      const bulkCalls: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/order/')) bulkCalls.push(r.url());
      });
      await page.getByRole('button', { name: 'Set inactive' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const ofCottage = await api.get<Order[]>(`order/all/for/admin?filter=${encodeURIComponent(JSON.stringify({ cottageId: target.cottageId }))}`);
      expectTrue(ofCottage.every((o) => o.status === 'inactive'), `all inactive: ${JSON.stringify(ofCottage.map((o) => o.status))}`);
      expectTrue(bulkCalls.length === 1 && bulkCalls[0].endsWith('/order/bulk/edit'), `one bulk call: ${JSON.stringify(bulkCalls)}`);
    },
  },
];
