import { readFile } from 'node:fs/promises';
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
    name: 'revert: delete a comfort and Undo it from the toast (id, image and name back)',
    async run({ page, baseUrl, api, unique }) {
      const name = await api.translation(`e2e_undo_${unique}`, { uz: `Qaytgan ${unique}`, ru: `Вернувшийся ${unique}`, en: `Undone ${unique}` });
      const png = await pngFile(path.join(ROOT, 'e2e', 'artifacts', 'fixtures'), `undo-${unique}.png`, [30, 160, 60]);
      const form = new FormData();
      form.set('name', name);
      form.set('image', new Blob([await readFile(png)], { type: 'image/png' }), 'undo.png');
      const res = await fetch(`${baseUrl}/api/v1/comfort/add`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
      expectTrue(res.status === 201, `the comfort must be created, got ${res.status}`);
      const comfort = (await res.json()) as Comfort;

      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/comfort`);
      await page.getByPlaceholder('Search', { exact: true }).fill(`Undone ${unique}`);
      const row = page.getByRole('row', { name: new RegExp(`Undone ${unique}`) });
      await row.waitFor();
      await row.getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(page);
      await page.getByText('Comfort successfully deleted').waitFor();
      expectTrue((await fetch(`${baseUrl}/api/v1/comfort/${comfort.id}`, { headers: { authorization: `Bearer ${api.token}` } })).status === 404, 'the comfort must be gone');

      // The toast's Undo (10 s) takes the delete back through the audit history's revert.
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('The record is back').waitFor();
      await row.waitFor();
      const back = await api.get<Comfort>(`comfort/${comfort.id}`);
      expectTrue(back.id === comfort.id && back.image === comfort.image, 'the comfort must be back with its id and image');
      await page.locator(`img[src="/${comfort.image}"]`).waitFor();
      const image = await fetch(`${baseUrl}/${comfort.image}`);
      expectTrue(image.status === 200, `its image file must be served again, got ${image.status}`);
    },
  },
  {
    name: 'revert: bulk delete two regions and Undo brings both back',
    async run({ page, baseUrl, api, unique }) {
      const ids: string[] = [];
      for (const [n, en] of [['a', 'Kilo'], ['b', 'Lima']]) {
        const name = await api.translation(`e2e_bulk_undo_${n}_${unique}`, { uz: `${en} uz ${unique}`, ru: `${en} ru ${unique}`, en: `${en} ${unique}` });
        ids.push((await api.post<{ id: string }>('region/add', { name })).id);
      }
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/region`);
      await page.getByPlaceholder('Search', { exact: true }).fill(unique);
      for (const name of ['Kilo', 'Lima']) await page.getByRole('row', { name: new RegExp(`${name} ${unique}`) }).getByRole('checkbox').check();
      await page.getByText('2 items selected').waitFor();
      await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('cell', { name: `Kilo ${unique}`, exact: true }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('The record is back').waitFor();
      await page.getByRole('cell', { name: `Kilo ${unique}`, exact: true }).waitFor();
      await page.getByRole('cell', { name: `Lima ${unique}`, exact: true }).waitFor();
      for (const id of ids) expectTrue((await api.get<{ id: string }>(`region/${id}`)).id === id, `region ${id} must be back`);
    },
  },
  {
    name: 'revert: restore a field from an edit page’s History after a confirmation',
    async run({ page, baseUrl, api, unique }) {
      const first = await api.translation(`e2e_restore_a_${unique}`, { uz: `Eski ${unique}`, ru: `Старое ${unique}`, en: `Old ${unique}` });
      await api.translation(`e2e_restore_b_${unique}`, { uz: `Yangi ${unique}`, ru: `Новое ${unique}`, en: `New ${unique}` });
      const region = await api.post<{ id: string }>('region/add', { name: first });
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/region/${region.id}`);
      await pickTranslation(page, 'Region name', `e2e_restore_b_${unique}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Region name successfully changed').waitFor();

      await page.goto(`${baseUrl}/dashboart/region/${region.id}`);
      const latest = page.getByRole('region', { name: 'History' }).locator('.History-entry').first();
      await latest.getByText(/Edited by Administrator/).waitFor();
      await latest.getByRole('button', { name: 'Restore' }).click();

      // The confirmation says what changes: the name, now "New", back to "Old".
      const dialog = page.getByRole('dialog', { name: 'Take this change back?' });
      const change = dialog.getByRole('row', { name: /^Name / });
      await change.getByRole('cell', { name: `New ${unique}`, exact: true }).waitFor();
      await change.getByRole('cell', { name: `Old ${unique}`, exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Restore' }).click();
      await page.getByText('The change was taken back').waitFor();
      await page.getByRole('region', { name: 'History' }).locator('.History-entry').first().getByText(/Change taken back by Administrator/).waitFor();
      const now = await api.get<{ name: string; nameTranslateId: string }>(`region/${region.id}`);
      expectTrue(now.nameTranslateId === first, 'the name must be back');

      // The same entry again is stale now: refused, shown as an error naming the field.
      await page.getByRole('region', { name: 'History' }).locator('.History-entry').nth(1).getByRole('button', { name: 'Restore' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
      await page.getByText(/Changed since this entry: nameTranslateId/).waitFor();
    },
  },
];
