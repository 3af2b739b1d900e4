/**
 * The review desk (issue 25) with two moderators: A (the first admin) and B (a moderator of their own) open the desk
 * at the same time and never see the same cottage; A approves with the A key (the API says confirmed) and the next
 * cottage shows; A rejects with R, picks reason template 2 by its digit and sends with Enter; Undo brings that
 * cottage back, in progress again; a template added through "Manage templates" is picked by its number; the queue
 * shows "Held by" on B's cottage and its edit page says B is reviewing it; on a phone the desk's buttons are on screen. `E2E_SHOTS=1` also saves /tmp/desk-desktop.png and /tmp/desk-phone.png.
 */
import type { Spec } from '../harness/types';
import { expectTrue, login, loginAs, TIMEOUT, shownCottage } from '../harness/ui';

interface Group {
  permission: { id: string; code: string }[];
}
interface Cottage {
  id: string;
  name: string;
  cottageStatus: string;
}

export const specs: Spec[] = [
  {
    name: 'review desk: two moderators never share a cottage; approve, reject by template digit, undo, a new template, held by, phone',
    // It decides on demo cottages: a server of its own keeps the other specs' queue as they expect it.
    env: { DEMO_DATA: 'on', E2E_GROUP: 'review' },
    async run({ page, browser, baseUrl, api, unique }) {
      const waiting = await api.get<Cottage[]>(`cottage?filter=${encodeURIComponent('{"cottageStatus":"progress"}')}&range=[0,99]`);
      expectTrue(waiting.length >= 4, `the demo has cottages in progress (${waiting.length})`);
      const codes = (await api.get<Group[]>('models')).flatMap((g) => g.permission).filter((p) => p.code.startsWith('cottage.'));
      const role = await api.post<{ id: string }>('role/add', { name: `moderator_${unique}`, permissions: codes.map((p) => p.id) });
      const moderator = { username: `bobur_${unique}`, password: 'moderator-password-1', name: `Bobur ${unique}` };
      await api.post('user/add', { ...moderator, roles: [role.id] });

      const second = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
      try {
        const other = await second.newPage();
        other.setDefaultTimeout(TIMEOUT);
        await Promise.all([login(page, baseUrl), loginAs(other, baseUrl, moderator.username, moderator.password)]);

        // Both open the desk at once: two claims, two cottages.
        await Promise.all([page.goto(`${baseUrl}/dashboart/review`), other.goto(`${baseUrl}/dashboart/review`)]);
        const [first, theirs] = await Promise.all([shownCottage(page), shownCottage(other)]);
        expectTrue(first !== theirs, `A and B were both handed ${first}`);
        await page.getByTestId('decision-bar').getByRole('button', { name: 'Approve' }).waitFor();
        if (process.env.E2E_SHOTS) await page.screenshot({ path: '/tmp/desk-desktop.png', fullPage: true });

        // A approves by keyboard: confirmed on the server, and the next cottage is on the desk.
        await page.keyboard.press('a');
        const next = await shownCottage(page, first);
        expectTrue(next !== theirs, 'A was handed the cottage B holds');
        const approved = await api.get<Cottage>(`cottage/${first}`);
        expectTrue(approved.cottageStatus === 'confirmed', `the approved cottage is ${approved.cottageStatus}`);
        await page.getByTestId('review-session-approved').getByText('1').waitFor();

        // A rejects with R, template 2 by its digit, Enter sends.
        await page.keyboard.press('r');
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('reason-templates').waitFor();
        await page.keyboard.press('2');
        const reason = await dialog.getByTestId('reject-reason').inputValue();
        expectTrue(reason.startsWith('The description is too short'), `template 2 picked: "${reason}"`);
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'hidden' });
        const third = await shownCottage(page, next);
        expectTrue(third !== theirs, 'A was handed the cottage B holds');
        const rejected = await api.get<Cottage>(`cottage/${next}`);
        expectTrue(rejected.cottageStatus === 'rejected', `the rejected cottage is ${rejected.cottageStatus}`);

        // Undo (the toast's, within 10 s) brings the rejected cottage back to A's desk, in progress again.
        await page.getByTestId('decision-note').filter({ hasText: 'Rejected' }).getByRole('button', { name: 'Undo' }).click();
        const back = await shownCottage(page, third);
        expectTrue(back === next, `Undo showed ${back}, not the rejected ${next}`);
        const undone = await api.get<Cottage>(`cottage/${next}`);
        expectTrue(undone.cottageStatus === 'progress', `the undone cottage is ${undone.cottageStatus}`);

        // Templates are the team's: A adds one through "Manage templates" and picks it by its new number at once.
        const before = await api.get<unknown[]>('moderation-reason');
        await page.keyboard.press('r');
        const reject = page.getByRole('dialog').filter({ has: page.getByTestId('reason-templates') });
        await reject.getByRole('button', { name: 'Manage templates' }).click();
        const manage = page.getByRole('dialog', { name: 'Reason templates' });
        const blank = manage.getByTestId('template-row').last();
        const texts = { uz: `Manzil notoʻgʻri ${unique}`, ru: `Адрес указан неверно ${unique}`, en: `The address is wrong ${unique}` };
        for (const [lang, text] of Object.entries(texts)) await blank.getByLabel(lang, { exact: true }).fill(text);
        await blank.getByRole('button', { name: 'Add a template' }).click();
        await page.getByText('Template saved').waitFor();
        await manage.getByRole('button', { name: 'Close' }).click();
        await manage.waitFor({ state: 'hidden' });
        await reject.getByTestId('reason-templates').getByText(texts.en).waitFor();
        await page.keyboard.press(String(before.length + 1));
        const picked = await reject.getByTestId('reject-reason').inputValue();
        expectTrue(picked === texts.en, `the new template picked by ${before.length + 1}: "${picked}"`);
        const stored = await api.get<{ uz: string; ru: string; en: string }[]>('moderation-reason');
        expectTrue(stored.some((t) => t.ru === texts.ru && t.uz === texts.uz), 'the template is stored in the three languages');
        await reject.getByRole('button', { name: 'Cancel' }).click();

        // The queue shows who holds B's cottage (oldest first: claims take the oldest), and its edit page says so.
        const held = await api.get<Cottage>(`cottage/${theirs}`);
        await page.goto(`${baseUrl}/dashboart/progress-cottages?sort=createdAt&order=ASC&perPage=100`);
        const row = page.getByRole('row').filter({ hasText: held.name });
        await row.getByTestId('held-by').getByText(`Held by ${moderator.name}`).waitFor();
        await page.goto(`${baseUrl}/dashboart/cottage/${theirs}`);
        await page.getByTestId('claim-notice').getByText(`${moderator.name} is reviewing this cottage (until`).waitFor();

        // A phone: the desk stacks, its buttons are on screen without hovering or scrolling.
        await other.setViewportSize({ width: 390, height: 844 });
        await other.reload();
        await shownCottage(other);
        for (const name of ['Approve', 'Reject', 'Skip']) {
          const button = other.getByTestId('decision-bar').getByRole('button', { name });
          await button.waitFor();
          const box = await button.boundingBox();
          expectTrue(box && box.y >= 0 && box.y + box.height <= 844 && box.height >= 44, `${name} on a phone: ${JSON.stringify(box)}`);
        }
        if (process.env.E2E_SHOTS) await other.screenshot({ path: '/tmp/desk-phone.png' });
      } finally {
        await second.close();
      }
    },
  },
];
