import path from 'node:path';
import type { Spec } from '../harness/types';
import { ROOT } from '../harness/server';
import { confirmDelete, expectTrue, login, openListPanel, pickTranslation, pngFile } from '../harness/ui';

interface CottageType {
  id: string;
  name: string;
  image: string | null;
  hidePrice: boolean;
}

export const specs: Spec[] = [
  {
    name: 'cottage-type: create hiding the price, edit name and flag, replace the image, switch to ru, delete with its warning',
    async run({ page, baseUrl, api, unique }) {
      const [first, second] = [`e2e_ctype_a_${unique}`, `e2e_ctype_b_${unique}`];
      await api.translation(first, { uz: `Masjid ${unique}`, ru: `Мечеть ${unique}`, en: `Mosque ${unique}` });
      await api.translation(second, { uz: `Villa ${unique}`, ru: `Вилла ${unique}`, en: `Villa ${unique}` });
      const dir = path.join(ROOT, 'e2e', 'artifacts', 'fixtures');
      const image = await pngFile(dir, `ctype-${unique}.png`, [120, 60, 20]);
      await api.clear('cottage-type', (id) => `cottage-type/delete/${id}`);

      await login(page, baseUrl);
      await page.getByRole('menuitem', { name: 'Cottage type' }).click();
      await page.getByText('There is no cottage type yet').waitFor();
      expectTrue((await page.title()) === 'Admin Panel | Cottage Type', `tab title: ${await page.title()}`);
      // The empty page hears another admin's new type too, and a click shows it.
      const early = await api.post<{ id: string }>('cottage-type/add', {
        name: await api.translation(`e2e_ctype_z_${unique}`, { uz: `Kulba ${unique}`, ru: `Хижина ${unique}`, en: `Hut ${unique}` }),
      });
      await page.getByTestId('live-changes').filter({ hasText: '1 change' }).click();
      await page.getByRole('row', { name: new RegExp(`Hut ${unique}`) }).waitFor();
      expectTrue((await api.delete(`cottage-type/delete/${early.id}`)) === 200, 'the early type is deleted');
      await page.getByTestId('live-changes').filter({ hasText: '1 change' }).click();
      await page.getByText('There is no cottage type yet').waitFor();

      // Create, hiding the price.
      await page.getByRole('link', { name: 'Create' }).click();
      await pickTranslation(page, 'Cottage type', first);
      await page.getByLabel('Hides the price (Masjid)').check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Cottage type successfully added').waitFor();
      const row = () => page.getByRole('row', { name: new RegExp(`(Mosque|Villa) ${unique}`) });
      await row().getByText('Hides the price', { exact: true }).waitFor();
      let [stored] = await api.get<CottageType[]>('cottage-type');
      expectTrue(stored?.hidePrice === true && stored.image === null, 'the type must hide the price and have no image');

      // Another admin adds a type and deletes it again: the list hears both live (the stream names the resource
      // `cottageType`, the page `cottage-type`; the chip heard nothing of these until they were matched by the key).
      const other = `e2e_ctype_c_${unique}`;
      const added = await api.post<{ id: string }>('cottage-type/add', { name: await api.translation(other, { uz: `Dacha ${unique}`, ru: `Дача ${unique}`, en: `Dacha ${unique}` }) });
      await page.getByTestId('live-changes').filter({ hasText: '1 change' }).waitFor();
      expectTrue((await api.delete(`cottage-type/delete/${added.id}`)) === 200, 'the other type is deleted');
      await page.getByTestId('live-changes').filter({ hasText: '2 changes' }).click();
      await page.getByTestId('live-changes').waitFor({ state: 'hidden' });

      // Edit: another name, and the price shown again.
      await row().getByRole('link', { name: 'Edit', exact: true }).click();
      const flag = page.getByLabel('Hides the price (Masjid)');
      expectTrue(await flag.isChecked(), 'the edit form must show the stored flag');
      await pickTranslation(page, 'Cottage type', second);
      await flag.uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Cottage type successfully edited').waitFor();
      await row().getByRole('cell', { name: `Villa ${unique}`, exact: true }).waitFor();
      await row().getByText('Shows the price', { exact: true }).waitFor();
      [stored] = await api.get<CottageType[]>('cottage-type');
      expectTrue(stored.hidePrice === false, 'the flag must be off after the edit');

      // The image dialog is titled for cottage types (the original said "Edit Place Image"): "Edit Cottage type image".
      await row().getByRole('link', { name: 'Edit image' }).click();
      await page.waitForURL(new RegExp(`/dashboart/cottage-type/${stored.id}/image$`));
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Edit Cottage type image').waitFor();
      await dialog.locator('input[type=file]').setInputFiles(image);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Image successfully edited').waitFor();
      [stored] = await api.get<CottageType[]>('cottage-type');
      expectTrue(stored.image, 'the type must have its image now');
      await page.locator(`img[src="/${stored.image}"]`).waitFor();

      // Quick filter on the flag.
      await openListPanel(page);
      await page.getByRole('button', { name: 'Hides the price', exact: true }).click();
      await page.getByText(/No Cottage types? found/i).waitFor();
      await page.getByRole('button', { name: 'Hides the price', exact: true }).click();
      await row().waitFor();

      // In Russian.
      await page.evaluate(() => localStorage.setItem('language', 'ru'));
      await page.reload();
      await page.getByRole('cell', { name: `Вилла ${unique}`, exact: true }).waitFor();
      expectTrue((await page.title()) === 'Панель администратора | Тип коттеджа', `ru tab title: ${await page.title()}`);
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.reload();

      // Delete warns that cottages lose the type.
      await row().getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByText('Cottages of this type lose it').waitFor();
      await confirmDelete(page);
      await page.getByText('Cottage type deleted').waitFor();
      expectTrue((await api.get<CottageType[]>('cottage-type')).length === 0, 'the type must be gone');
    },
  },
];
