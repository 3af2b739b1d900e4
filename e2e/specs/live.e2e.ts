/**
 * Every open panel kept current (issue #25), with two browser contexts: A's review desk claims a cottage and B's
 * moderation queue shows who holds it; A approves with the A key, and B's menu badge drops and the queue offers
 * "1 change" without a reload (the row stays until B clicks it); presence
 * shows on a cottage both have open, and goes when A leaves; a record changed under an open edit page says so, and
 * its Save shows the conflict dialog before sending anything.
 */
import type { Spec } from '../harness/types';
import { expectTrue, login, TIMEOUT } from '../harness/ui';

interface Cottage {
  id: string;
  name: string;
  userId: string | null;
}

const filterOf = (filter: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filter));

export const specs: Spec[] = [
  {
    name: 'live: an approval by keyboard reaches another panel (held by, badge, queue chip); presence on a shared edit page',
    env: { DEMO_DATA: 'on', E2E_GROUP: 'live' },
    async run({ page, browser, baseUrl, api }) {
      const waiting = await api.get<Cottage[]>(`cottage?filter=${filterOf({ cottageStatus: 'progress' })}&range=[0,9]`);
      expectTrue(waiting.length >= 2, 'the demo has two waiting cottages');
      const before = (await api.get<{ progressCottages: number }>('stats')).progressCottages;
      // A opens the review desk, which claims a cottage.
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/review`);
      await page.getByTestId('decision-bar').getByRole('button', { name: 'Approve' }).waitFor();
      const decidedId = await page.getByTestId('review-cottage').getAttribute('data-id');
      const cottage = await api.get<Cottage>(`cottage/${decidedId}`);
      const shared = waiting.find((c) => c.id !== decidedId)!;
      const second = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      try {
        const b = await second.newPage();
        b.setDefaultTimeout(TIMEOUT);
        await login(b, baseUrl);
        // B's queue, newest first, searched to A's cottage: it shows who holds it.
        await b.goto(`${baseUrl}/dashboart/progress-cottages`);
        // The search applies after its debounce: wait for its answer, or its late refetch would pass for the chip's.
        const searched = b.waitForResponse((r) => r.url().includes('/api/v1/cottage?') && r.url().includes('%22q%22'));
        await b.getByPlaceholder('Search', { exact: true }).fill(cottage.name);
        await searched;
        await b.getByTestId('progress-badge').filter({ hasText: `+${before}` }).waitFor();
        const row = b.getByRole('row', { name: new RegExp(cottage.name) }).first();
        await row.getByTestId('held-by').waitFor();

        // A approves with the A key; B's badge and queue learn it without a reload.
        const started = Date.now();
        await page.keyboard.press('a');
        await b.getByTestId('progress-badge').filter({ hasText: `+${before - 1}` }).waitFor();
        await b.getByTestId('live-changes').filter({ hasText: '1 change' }).waitFor();
        console.log(`    A's key → B's badge: ${Date.now() - started} ms`);
        // The row stays under the cursor until B asks; the chip refreshes the list.
        await row.waitFor();
        await b.getByTestId('live-changes').click();
        await b.getByTestId('live-changes').waitFor({ state: 'detached' });
        await row.waitFor({ state: 'detached' });

        // Presence: both open one cottage's edit page; each sees the other; A leaves and B's chip goes.
        await b.goto(`${baseUrl}/dashboart/cottage/${shared.id}`);
        await page.goto(`${baseUrl}/dashboart/cottage/${shared.id}`);
        await b.getByTestId('presence').getByText(/is editing this record/).waitFor();
        await page.getByTestId('presence').getByText(/is editing this record/).waitFor();
        await page.goto(`${baseUrl}/dashboart`);
        await b.getByTestId('presence').waitFor({ state: 'detached' });

        // A renames the cottage B has open: B's page says so, and B's Save shows the conflict dialog without sending.
        await b.getByRole('textbox', { name: 'Cottage name' }).waitFor();
        const renamed = await fetch(`${baseUrl}/api/v1/cottage/edit/${shared.id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `${shared.name} (renamed)` }),
        });
        expectTrue(renamed.ok, `renaming answered ${renamed.status}`);
        await b.getByTestId('record-changed').waitFor();
        const patches: string[] = [];
        b.on('request', (request) => {
          if (request.method() === 'PATCH') patches.push(request.url());
        });
        await b.getByRole('textbox', { name: 'Cottage name' }).fill(`${shared.name} by B`);
        await b.getByRole('button', { name: 'Save changes' }).click();
        await b.getByRole('dialog', { name: 'Changed by someone else' }).waitFor();
        expectTrue(patches.length === 0, `nothing was sent before the dialog: ${patches.join(', ')}`);
      } finally {
        await second.close();
      }
    },
  },
];
