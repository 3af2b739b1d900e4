import type { Spec } from '../harness/types';
import { expectTrue, login, pickTranslation } from '../harness/ui';

/** Access tokens of this server expire after 3 s, so a spec can watch the panel renew them. */
const SHORT_TOKENS = { ACCESS_TOKEN_TTL: '3s' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const specs: Spec[] = [
  {
    name: 'session: an expired access token is renewed silently (one refresh for parallel calls, no reload)',
    env: SHORT_TOKENS,
    async run({ page, baseUrl }) {
      await login(page, baseUrl);
      await page.getByTestId('tile-user').waitFor();
      const before = await page.evaluate(() => {
        (window as unknown as { marker: string }).marker = 'same page';
        return localStorage.getItem('refreshToken');
      });
      // When each refresh was asked for: the calls that meet one expired token share one refresh, so two refreshes
      // closer than a renewed token's life mean they did not (a slow reload may legitimately need a second, later).
      const refreshes: number[] = [];
      page.on('request', (r) => r.url().endsWith('/api/v1/auth/refresh') && refreshes.push(Date.now()));
      await pause(4000);
      const renewed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
      await page.getByRole('menuitem', { name: 'Region' }).click();
      await page.getByRole('menuitem', { name: 'Home' }).click();
      expectTrue((await renewed).ok(), 'the refresh must succeed');
      await page.getByTestId('tile-user').waitFor();
      const after = await page.evaluate(() => ({
        marker: (window as unknown as { marker?: string }).marker,
        refreshToken: localStorage.getItem('refreshToken'),
      }));
      expectTrue(after.marker === 'same page', 'the page must not reload');
      expectTrue(after.refreshToken && after.refreshToken !== before, 'the token pair must be renewed');
      expectTrue(page.url().startsWith(`${baseUrl}/dashboart`), `still in the panel, not on ${page.url()}`);

      // After a reload several calls start at once (permissions, languages, counts) and all meet the expired
      // token; they must share one refresh, or the rotated refresh token would be reused and the session revoked.
      await pause(4000);
      refreshes.length = 0;
      await page.reload();
      await page.getByTestId('tile-user').waitFor();
      await pause(500);
      expectTrue(refreshes.length >= 1, 'the expired token must be refreshed');
      const gaps = refreshes.slice(1).map((at, i) => at - refreshes[i]);
      expectTrue(
        gaps.every((gap) => gap >= 2000),
        `expected one refresh for the calls that met the expired token, saw ${refreshes.length} (${gaps.join(', ')} ms apart)`,
      );
      expectTrue(page.url().startsWith(`${baseUrl}/dashboart`), `still in the panel, not on ${page.url()}`);
    },
  },
  {
    name: 'session: an expired token while a form is open keeps the form and saves it',
    env: SHORT_TOKENS,
    async run({ page, baseUrl, api, unique }) {
      const code = `e2e_expiry_${unique}`;
      await api.translation(code, { uz: `Muddat ${unique}`, ru: `Срок ${unique}`, en: `Expiry ${unique}` });
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/region/create`);
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
      await pickTranslation(page, 'Region name', code);
      await pause(4000);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Region successfully created').waitFor();
      await page.getByRole('cell', { name: `Expiry ${unique}`, exact: true }).waitFor();
      const marker = await page.evaluate(() => (window as unknown as { marker?: string }).marker);
      expectTrue(marker === 'same page', 'the page must not reload');
    },
  },
  {
    name: 'session: a session revoked on the server lands on the login page',
    async run({ page, baseUrl, api }) {
      // The change stream is down (as behind a proxy that drops it), so a data call is the first to meet the ended
      // session; the stream's own path is in the next spec.
      await page.route('**/api/v1/events', (route) => route.abort());
      await login(page, baseUrl);
      await page.getByTestId('tile-user').waitFor();
      // The home's last call (its charts) answers first: the Region list's call must be the one meeting the 455.
      await page.locator('.HomeChart').first().waitFor();
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      expectTrue(token, 'logged in');
      const status = await api.delete('auth/logout', token);
      expectTrue(status < 300, `logout of the browser's session answered ${status}`);
      // The region list's first call meets the revoked session (455), which alone must lead to the login page.
      await page.getByRole('menuitem', { name: 'Region' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('button', { name: 'LOG IN' }).waitFor();
      const left = await page.evaluate(() => localStorage.getItem('accessToken'));
      expectTrue(left === null, 'the stored tokens must be cleared');
    },
  },
  {
    name: 'session: a session ended elsewhere closes the change stream, and the panel goes to the login page without a click',
    async run({ page, baseUrl, api }) {
      await login(page, baseUrl);
      await page.getByRole('menuitem', { name: 'Region' }).click();
      await page.locator('main table tbody tr, main .KitList-empty').first().waitFor();
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      expectTrue(token, 'logged in');
      expectTrue((await api.delete('auth/logout', token)) < 300, 'the browser\'s session is ended');
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('button', { name: 'LOG IN' }).waitFor();
      expectTrue((await page.evaluate(() => localStorage.getItem('accessToken'))) === null, 'the stored tokens must be cleared');
    },
  },
];
