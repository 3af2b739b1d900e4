import path from 'node:path';
import type { Spec } from '../harness/types';
import { ROOT } from '../harness/server';
import { confirmDelete, expectTrue, login, pickTranslation, pngFile } from '../harness/ui';

interface Comfort {
  id: string;
  name: string;
  image: string;
}

export const specs: Spec[] = [
  {
    name: 'comfort: create with an image, edit the name, replace the image, search and delete',
    async run({ page, baseUrl, api, unique }) {
      const first = `e2e_comfort_a_${unique}`;
      const second = `e2e_comfort_b_${unique}`;
      await api.translation(first, { uz: `Hovuz ${unique}`, ru: `Бассейн ${unique}`, en: `Pool ${unique}` });
      await api.translation(second, { uz: `Sauna ${unique}`, ru: `Сауна ${unique}`, en: `Sauna ${unique}` });
      const dir = path.join(ROOT, 'e2e', 'artifacts', 'fixtures');
      const red = await pngFile(dir, `red-${unique}.png`, [200, 30, 30]);
      const blue = await pngFile(dir, `blue-${unique}.png`, [30, 30, 200]);

      await api.clear('comfort', (id) => `comfort/delete/${id}`);
      await login(page, baseUrl);
      await page.getByRole('menuitem', { name: 'Comfort' }).click();
      await page.getByText('There is no comfort yet').waitFor();
      await page.getByRole('link', { name: 'Create' }).click();
      await pickTranslation(page, 'Comfort name', first);
      await page.locator('input[type=file]').setInputFiles(red);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Comfort successfully added').waitFor();
      await page.getByRole('cell', { name: `Pool ${unique}`, exact: true }).waitFor();
      const [created] = await api.get<Comfort[]>('comfort');
      expectTrue(created?.image, 'the comfort must have its image');
      await page.locator(`img[src="/${created.image}"]`).waitFor();

      await page.getByRole('row', { name: new RegExp(`Pool ${unique}`) }).getByRole('link', { name: 'Edit', exact: true }).click();
      await pickTranslation(page, 'Comfort name', second);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Comfort successfully edited').waitFor();
      await page.getByRole('cell', { name: `Sauna ${unique}`, exact: true }).waitFor();

      await page.getByRole('row', { name: new RegExp(`Sauna ${unique}`) }).getByRole('link', { name: 'Edit image' }).click();
      await page.waitForURL(new RegExp(`/dashboart/comfort/${created.id}/image$`));
      await page.getByRole('dialog').locator('input[type=file]').setInputFiles(blue);
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Image successfully edited').waitFor();
      const [replaced] = await api.get<Comfort[]>('comfort');
      expectTrue(replaced.image && replaced.image !== created.image, 'the image path must change');
      await page.locator(`img[src="/${replaced.image}"]`).waitFor();

      await page.getByPlaceholder('Search', { exact: true }).fill(`Sauna ${unique}`);
      await page.getByRole('cell', { name: `Sauna ${unique}`, exact: true }).waitFor();
      await page.getByRole('row', { name: new RegExp(`Sauna ${unique}`) }).getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(page);
      await page.getByText('Comfort successfully deleted').waitFor();
      expectTrue((await api.get<Comfort[]>('comfort')).length === 0, 'the comfort must be gone');
    },
  },
];
