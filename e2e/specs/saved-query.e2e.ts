import type { Browser, Page } from 'playwright-core';
import type { Spec } from '../harness/types';
import { expectTrue, login, loginAs, openListPanel, TIMEOUT } from '../harness/ui';

async function logout(page: Page, baseUrl: string) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** Saves the list's current query from the aside, under `name`, shared or not. */
async function saveCurrentQuery(page: Page, name: string, shared: boolean) {
  await openListPanel(page);
  await page.getByRole('button', { name: 'Save current query...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current query as' });
  await dialog.getByLabel('Query name').fill(name);
  if (shared) await dialog.getByLabel('Shared with the team').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Query saved').waitFor();
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  return { context, page };
}

export const specs: Spec[] = [
  {
    name: 'saved query: kept on the server through logout and login; a shared one reaches a second admin',
    async run({ page, browser, baseUrl, api, unique }) {
      // Two regions, so applying a search visibly narrows the list.
      for (const word of ['Alpha', 'Beta']) {
        const name = await api.translation(`e2e_saved_${word}_${unique}`, { uz: `${word} ${unique}`, ru: `${word} ${unique}`, en: `${word} ${unique}` });
        await api.post('region/add', { name });
      }
      const mine = `Alpha search ${unique}`;
      const team = `Beta search ${unique}`;
      const search = () => page.getByPlaceholder('Search', { exact: true });
      const saved = () => page.getByTestId('saved-queries');

      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/region`);
      await search().fill(`Alpha ${unique}`);
      await page.getByRole('cell', { name: `Beta ${unique}`, exact: true }).waitFor({ state: 'detached' });
      await saveCurrentQuery(page, mine, false);
      await saved().getByRole('button', { name: mine, exact: true }).waitFor();

      await search().fill(`Beta ${unique}`);
      await page.getByRole('cell', { name: `Alpha ${unique}`, exact: true }).waitFor({ state: 'detached' });
      await saveCurrentQuery(page, team, true);

      // Logout wipes react-admin's browser store; the queries must come back from the server.
      await logout(page, baseUrl);
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/region`);
      await openListPanel(page);
      await page.getByRole('cell', { name: `Beta ${unique}`, exact: true }).waitFor();
      await page.getByRole('cell', { name: `Alpha ${unique}`, exact: true }).waitFor();
      await saved().getByRole('button', { name: mine, exact: true }).click();
      await page.getByRole('cell', { name: `Beta ${unique}`, exact: true }).waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: `Alpha ${unique}`, exact: true }).waitFor();
      expectTrue((await search().inputValue()) === `Alpha ${unique}`, 'applying the saved query fills the search');
      // The owner may rename (and share) their own queries, and remove them.
      await saved().getByRole('button', { name: `Remove query "${mine}"` }).waitFor();
      await saved().getByRole('button', { name: `Rename or share "${mine}"` }).click();
      const edit = page.getByRole('dialog', { name: 'Saved query' });
      await edit.getByLabel('Query name').fill(`${mine} renamed`);
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved query updated').waitFor();
      await saved().getByRole('button', { name: `${mine} renamed`, exact: true }).waitFor();
      const renamed = `${mine} renamed`;

      // A second admin, created through the API, in a browser of their own.
      const models = await api.get<{ permission: { id: string }[] }[]>('models');
      const role = await api.post<{ id: string }>('role/add', { name: `e2e_saved_${unique}`, permissions: models.flatMap((g) => g.permission.map((p) => p.id)) });
      const second = { username: `e2e_second_${unique}`, password: 'second-password-1' };
      await api.post('user/add', { ...second, name: `Second ${unique}`, roles: [role.id] });
      const other = await newPage(browser);
      try {
        await loginAs(other.page, baseUrl, second.username, second.password);
        await other.page.goto(`${baseUrl}/dashboart/region`);
        await openListPanel(other.page);
        const list = other.page.getByTestId('saved-queries');
        const entry = list.getByRole('listitem').filter({ hasText: team });
        await entry.getByText('Shared by Administrator').waitFor();
        expectTrue((await list.getByText(renamed).count()) === 0, "another admin's private query must not show");
        expectTrue((await entry.getByRole('button', { name: /Remove query/ }).count()) === 0, 'a colleague\'s shared query is not removable');
        await entry.getByRole('button', { name: new RegExp(team) }).click();
        await other.page.getByRole('cell', { name: `Alpha ${unique}`, exact: true }).waitFor({ state: 'detached' });
        await other.page.getByRole('cell', { name: `Beta ${unique}`, exact: true }).waitFor();
      } finally {
        await other.context.close();
      }
    },
  },
];
