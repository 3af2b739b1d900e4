import path from 'node:path';
import type { Spec } from '../harness/types';
import { ROOT } from '../harness/server';
import { confirmDelete, expectTrue, login, openListPanel, pickTranslation, pngFile } from '../harness/ui';

interface Place {
  id: string;
  name: string;
  image: string | null;
  regionId: string;
}

const DEMO = { DEMO_DATA: 'on' };

export const specs: Spec[] = [
  {
    name: 'place: create with a region and an image, edit name and region, filter by region, switch to ru, delete',
    async run({ page, baseUrl, api, unique }) {
      const [first, second] = [`e2e_place_a_${unique}`, `e2e_place_b_${unique}`];
      await api.translation(first, { uz: `Chorvoq ${unique}`, ru: `Чарвак ${unique}`, en: `Charvak ${unique}` });
      await api.translation(second, { uz: `Zomin ${unique}`, ru: `Заамин ${unique}`, en: `Zaamin ${unique}` });
      const north = await api.post<{ id: string }>('region/add', {
        name: await api.translation(`e2e_region_n_${unique}`, { uz: `Shimol ${unique}`, ru: `Север ${unique}`, en: `North ${unique}` }),
      });
      const south = await api.post<{ id: string }>('region/add', {
        name: await api.translation(`e2e_region_s_${unique}`, { uz: `Janub ${unique}`, ru: `Юг ${unique}`, en: `South ${unique}` }),
      });
      const image = await pngFile(path.join(ROOT, 'e2e', 'artifacts', 'fixtures'), `place-${unique}.png`, [30, 160, 60]);
      await api.clear('place', (id) => `place/delete/${id}`);

      await login(page, baseUrl);
      await page.getByRole('menuitem', { name: 'Place' }).click();
      await page.getByText('There is no place yet').waitFor();
      expectTrue((await page.title()) === 'Admin Panel | Place', `tab title: ${await page.title()}`);

      // Create: name, region (required), image.
      await page.getByRole('link', { name: 'Create' }).click();
      await pickTranslation(page, 'Place name', first);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Required').first().waitFor();
      const region = page.getByRole('combobox', { name: 'Region' });
      await region.click();
      await region.fill(`North ${unique}`);
      await page.getByRole('option', { name: `North ${unique}` }).click();
      await page.locator('input[type=file]').setInputFiles(image);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Place successfully added').waitFor();
      const row = () => page.getByRole('row', { name: new RegExp(`(Charvak|Zaamin) ${unique}`) });
      await row().getByRole('cell', { name: `North ${unique}`, exact: true }).waitFor();
      const [created] = await api.get<Place[]>('place');
      expectTrue(created?.regionId === north.id && created.image, 'the place must have its region and image');
      await page.locator(`img[src="/${created.image}"]`).waitFor();

      // Edit: another name and another region (no cottages, so it may move).
      await row().getByRole('link', { name: 'Edit', exact: true }).click();
      await pickTranslation(page, 'Place name', second);
      await region.click();
      await region.fill(`South ${unique}`);
      await page.getByRole('option', { name: `South ${unique}` }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Place name successfully changed').waitFor();
      await row().getByRole('cell', { name: `Zaamin ${unique}`, exact: true }).waitFor();
      await row().getByRole('cell', { name: `South ${unique}`, exact: true }).waitFor();
      const [edited] = await api.get<Place[]>('place');
      expectTrue(edited.regionId === south.id && edited.image === created.image, 'the edit must move the place and keep its image');

      // The image dialog is titled for places.
      await row().getByRole('link', { name: 'Edit image' }).click();
      await page.waitForURL(new RegExp(`/dashboart/place/${created.id}/image$`));
      await page.getByRole('dialog').getByText('Edit Place image').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // Quick filter by region: the other region has no place.
      await openListPanel(page);
      await page.getByRole('button', { name: `North ${unique}` }).click();
      await page.getByText(/No Place(s)? found/i).waitFor();
      await page.getByRole('button', { name: `North ${unique}` }).click();
      await row().waitFor();

      // The same screen in Russian.
      await page.evaluate(() => localStorage.setItem('language', 'ru'));
      await page.reload();
      await page.getByRole('cell', { name: `Заамин ${unique}`, exact: true }).waitFor();
      await page.getByText('Место', { exact: true }).first().waitFor();
      expectTrue((await page.title()) === 'Панель администратора | Место', `ru tab title: ${await page.title()}`);
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.reload();

      // Delete asks first.
      await row().getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Are you sure to delete ?').waitFor();
      await confirmDelete(page);
      await page.getByText('Place deleted').waitFor();
      expectTrue((await api.get<Place[]>('place')).length === 0, 'the place must be gone');
    },
  },
  {
    name: 'place: several selected places deleted at once after a confirmation',
    async run({ page, baseUrl, api, unique }) {
      await api.clear('place', (id) => `place/delete/${id}`);
      const region = await api.post<{ id: string }>('region/add', {
        name: await api.translation(`e2e_region_bulk_${unique}`, { uz: `R ${unique}`, ru: `R ${unique}`, en: `R ${unique}` }),
      });
      for (const n of [1, 2]) {
        const name = await api.translation(`e2e_place_bulk${n}_${unique}`, { uz: `Bulk${n} ${unique}`, ru: `Bulk${n} ${unique}`, en: `Bulk${n} ${unique}` });
        await api.post('place/add', { name, regionId: region.id });
      }
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/place`);
      await page.getByRole('cell', { name: `Bulk2 ${unique}`, exact: true }).waitFor();
      await page.getByRole('checkbox', { name: 'Select all' }).check();
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('There is no place yet').waitFor();
      expectTrue((await api.get<Place[]>('place')).length === 0, 'both places must be gone');
    },
  },
  {
    name: 'place: a place with cottages can neither move to another region nor be deleted, and says why',
    env: DEMO,
    async run({ page, baseUrl, api }) {
      const cottages = await api.get<{ placeId: string; regionId: string }[]>('cottage');
      // Read in English, as the panel shows them.
      const en = async <T>(p: string) =>
        (await (await fetch(`${baseUrl}/api/v1/${p}`, { headers: { authorization: `Bearer ${api.token}`, 'accept-language': 'en' } })).json()) as T;
      const places = await en<Place[]>('place?range=[0,999]');
      const busy = places.find((p) => cottages.some((c) => c.placeId === p.id));
      expectTrue(busy, 'the demo data must have a place with cottages');
      const regions = await en<{ id: string; name: string }[]>('region?range=[0,999]');
      const other = regions.find((r) => r.id !== busy.regionId);
      expectTrue(other, 'the demo data must have two regions');

      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/place/${busy.id}`);
      const region = page.getByRole('combobox', { name: 'Region' });
      await region.click();
      await region.fill(other.name);
      await page.getByRole('option', { name: other.name, exact: true }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('.RaNotification-error', { hasText: 'The place has cottages, so it cannot move to another region' }).waitFor();
      expectTrue((await api.get<Place>(`place/${busy.id}`)).regionId === busy.regionId, 'the place must stay in its region');

      await page.goto(`${baseUrl}/dashboart/place`);
      await page.getByPlaceholder('Search', { exact: true }).fill(busy.name);
      const row = page.getByRole('row', { name: new RegExp(busy.name) }).first();
      await row.getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(page);
      await page.locator('.RaNotification-error', { hasText: /The place still has \d+ cottages?/ }).waitFor();
      await api.get(`place/${busy.id}`);
    },
  },
];
