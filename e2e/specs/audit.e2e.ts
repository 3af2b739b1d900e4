import type { Spec } from '../harness/types';
import { expectTrue, login, pickTranslation } from '../harness/ui';

export const specs: Spec[] = [
  {
    name: 'audit: an edit of a region shows in its History tab and in the Audit log',
    async run({ page, baseUrl, api, unique }) {
      const first = await api.translation(`e2e_audit_a_${unique}`, { uz: `Birinchi ${unique}`, ru: `Первый ${unique}`, en: `Before ${unique}` });
      await api.translation(`e2e_audit_b_${unique}`, { uz: `Ikkinchi ${unique}`, ru: `Второй ${unique}`, en: `After ${unique}` });
      const region = await api.post<{ id: string }>('region/add', { name: first });
      await login(page, baseUrl);

      // Edit the region's name as a person would.
      await page.goto(`${baseUrl}/dashboart/region/${region.id}`);
      await pickTranslation(page, 'Region name', `e2e_audit_b_${unique}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Region name successfully changed').waitFor();

      // Its edit page's History: the edit, newest first, with the field's label and both values.
      await page.goto(`${baseUrl}/dashboart/region/${region.id}`);
      const history = page.getByRole('region', { name: 'History' });
      await history.waitFor();
      const latest = history.locator('.History-entry').first();
      await latest.getByText(/Edited by Administrator/).waitFor();
      const row = latest.getByRole('row', { name: /^Name / });
      await row.getByRole('cell', { name: `Before ${unique}`, exact: true }).waitFor();
      await row.getByRole('cell', { name: `After ${unique}`, exact: true }).waitFor();
      await history.getByText(/Created by Administrator/).waitFor();

      // The Audit log, from the menu, finds it by the record's id.
      await page.getByRole('menuitem', { name: 'Audit log' }).click();
      await page.waitForURL(`${baseUrl}/dashboart/audit**`);
      await page.getByPlaceholder('Search', { exact: true }).fill(region.id);
      // The search applies after its debounce: only this record's create and edit are left.
      await page.getByText('1-2 of 2').waitFor();
      const entry = page.getByRole('row', { name: /Edited/ });
      await entry.waitFor();
      await entry.getByRole('cell', { name: 'Region', exact: true }).waitFor();
      await entry.getByRole('cell', { name: 'Name', exact: true }).waitFor();
      const rows = await page.locator('main table tbody tr').count();
      expectTrue(rows === 2, `the record's create and edit, found ${rows} rows`);

      // The record is named as it reads now (not by its id), and leads back to its edit page and History.
      await entry.getByRole('link', { name: `After ${unique}`, exact: true }).click();
      await page.waitForURL(`${baseUrl}/dashboart/region/${region.id}`);
      await page.getByRole('region', { name: 'History' }).locator('.History-entry').first().waitFor();
    },
  },
];
