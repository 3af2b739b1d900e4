import type { Spec } from '../harness/types';
import { expectTrue, login } from '../harness/ui';

export const specs: Spec[] = [
  {
    name: 'language: switching to ru changes the interface texts and the region names',
    async run({ page, baseUrl, api, unique }) {
      const id = await api.translation(`e2e_lang_${unique}`, {
        uz: `Toshkent ${unique}`,
        ru: `Ташкент ${unique}`,
        en: `Tashkent ${unique}`,
      });
      await api.post('region/add', { name: id });
      await login(page, baseUrl, 'uz');
      await page.getByRole('menuitem', { name: 'Viloyat' }).click();
      await page.getByRole('cell', { name: `Toshkent ${unique}`, exact: true }).waitFor();

      await page.getByTestId('language-select').getByRole('combobox').click();
      await page.getByRole('option', { name: 'ru', exact: true }).click();
      await page.getByRole('cell', { name: `Ташкент ${unique}`, exact: true }).waitFor();
      await page.getByRole('menuitem', { name: 'Области' }).waitFor();
      await page.getByRole('menuitem', { name: 'Главная' }).waitFor();
      const stored = await page.evaluate(() => localStorage.getItem('language'));
      expectTrue(stored === 'ru', `the choice must be kept under "language", found ${stored}`);

      await page.reload();
      await page.getByRole('cell', { name: `Ташкент ${unique}`, exact: true }).waitFor();
      await page.getByRole('menuitem', { name: 'Области' }).waitFor();
    },
  },
];
