import type { Spec } from '../harness/types';
import { confirmDelete, expectTrue, login, pickTranslation } from '../harness/ui';

export const specs: Spec[] = [
  {
    name: 'region: create with a new translation, edit, search and delete as a person would',
    async run({ page, baseUrl, api, unique }) {
      const other = `e2e_region_b_${unique}`;
      await api.translation(other, { uz: `Ikkinchi ${unique}`, ru: `Вторая ${unique}`, en: `Second ${unique}` });
      await api.clear('region', (id) => `region/delete/${id}`);
      await login(page, baseUrl);
      await page.getByTestId('tile-region').click();
      await page.waitForURL(`${baseUrl}/dashboart/region`);
      await page.getByText('There is no region yet').waitFor();

      // Create: the name's translation does not exist yet, so make it from the form.
      await page.getByRole('link', { name: 'Create' }).click();
      await page.getByRole('button', { name: 'New translation' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Translation code').fill(`e2e_region_a_${unique}`);
      await dialog.getByLabel('uz definition').fill(`Birinchi ${unique}`);
      await dialog.getByLabel('ru definition').fill(`Первая ${unique}`);
      await dialog.getByLabel('en definition').fill(`First ${unique}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Region successfully created').waitFor();
      await page.getByRole('cell', { name: `First ${unique}`, exact: true }).waitFor();

      // Edit: pick the other translation.
      await page.getByRole('row', { name: new RegExp(`First ${unique}`) }).getByRole('link', { name: 'Edit', exact: true }).click();
      await pickTranslation(page, 'Region name', other);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Region name successfully changed').waitFor();
      await page.getByRole('cell', { name: `Second ${unique}`, exact: true }).waitFor();

      // Search narrows the list to the matching region.
      await page.getByPlaceholder('Search', { exact: true }).fill('no-such-region');
      await page.getByText(/No Region(s)? found/i).waitFor();
      await page.getByPlaceholder('Search', { exact: true }).fill(`Second ${unique}`);
      await page.getByRole('cell', { name: `Second ${unique}`, exact: true }).waitFor();

      // Delete asks first.
      await page.getByRole('row', { name: new RegExp(`Second ${unique}`) }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Are you sure to delete ?').waitFor();
      await confirmDelete(page);
      await page.getByText('Region successfully deleted').waitFor();
      const left = await api.get<{ id: string }[]>('region');
      expectTrue(left.length === 0, `the region must be gone, ${left.length} left`);
    },
  },
];
