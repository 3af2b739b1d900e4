import path from 'node:path';
import type { Spec } from '../harness/types';
import { ROOT } from '../harness/server';
import { confirmDelete, expectTrue, login, openListPanel, pickTranslation, pngFile } from '../harness/ui';

interface Service {
  id: string;
  name: string;
  description: string;
  nameTranslateId: string;
  serviceCode: string;
  images: string[];
  tariffs: unknown[];
}

export const specs: Spec[] = [
  {
    name: 'services: create with two images, edit the description only, replace the images, filter by code, switch to ru, delete',
    async run({ page, baseUrl, api, unique }) {
      const t = (code: string, en: string, ru: string) => api.translation(`e2e_srv_${code}_${unique}`, { uz: `${en} uz`, ru, en });
      await t('name', `Top place ${unique}`, `Топ ${unique}`);
      await t('desc1', `First on the list ${unique}`, `Первым в списке ${unique}`);
      await t('desc2', `Shown on top ${unique}`, `Показан сверху ${unique}`);
      const dir = path.join(ROOT, 'e2e', 'artifacts', 'fixtures');
      const images = await Promise.all(
        (['r', 'g', 'b'] as const).map((c, i) => pngFile(dir, `srv-${c}-${unique}.png`, [i === 0 ? 220 : 20, i === 1 ? 220 : 20, i === 2 ? 220 : 20])),
      );
      for (const tariff of await api.get<{ id: string }[]>('tariff')) await api.delete(`tariff/delete/${tariff.id}`);
      await api.clear('services', (id) => `services/delete/${id}`);

      await login(page, baseUrl);
      await page.getByRole('menuitem', { name: 'Services' }).click();
      await page.getByText('There is no services yet').waitFor();
      expectTrue((await page.title()) === 'Admin Panel | Services', `tab title: ${await page.title()}`);

      // Create: name, description, code and two images.
      await page.getByRole('link', { name: 'Create' }).click();
      await pickTranslation(page, 'Service name', `e2e_srv_name_${unique}`);
      await pickTranslation(page, 'Description', `e2e_srv_desc1_${unique}`);
      await page.getByRole('combobox', { name: 'Service code' }).click();
      await page.getByRole('option', { name: 'top', exact: true }).click();
      await page.locator('input[type=file]').setInputFiles(images.slice(0, 2));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Service successfully created').waitFor();
      const row = () => page.getByRole('row', { name: new RegExp(`Top place ${unique}`) });
      await row().getByText('top', { exact: true }).waitFor();
      let [stored] = await api.get<Service[]>('services');
      expectTrue(stored?.serviceCode === 'top' && stored.images.length === 2, `created: ${JSON.stringify(stored)}`);
      for (const image of stored.images) await row().locator(`img[src="/${image}"]`).waitFor();
      const firstImages = stored.images;

      // Edit the description only: the name and the images stay.
      await row().getByRole('link', { name: 'Edit', exact: true }).click();
      await page.getByText('New images replace all the current ones').waitFor();
      await pickTranslation(page, 'Description', `e2e_srv_desc2_${unique}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Service successfully edited').waitFor();
      await row().getByRole('cell', { name: `Shown on top ${unique}`, exact: true }).waitFor();
      [stored] = await api.get<Service[]>('services');
      expectTrue(
        stored.name === `Top place ${unique} uz` && JSON.stringify(stored.images) === JSON.stringify(firstImages),
        `the untouched name and images must stay: ${JSON.stringify(stored)}`,
      );

      // New images replace the old ones.
      await row().getByRole('link', { name: 'Edit', exact: true }).click();
      await page.locator('input[type=file]').setInputFiles(images[2]);
      await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/services/edit/')),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      await page.getByText('Service successfully edited').waitFor();
      [stored] = await api.get<Service[]>('services');
      expectTrue(stored.images.length === 1 && !firstImages.includes(stored.images[0]), `replaced: ${JSON.stringify(stored.images)}`);
      await row().locator(`img[src="/${stored.images[0]}"]`).waitFor();

      // Quick filter by code.
      await openListPanel(page);
      await page.getByRole('button', { name: 'recommended', exact: true }).click();
      await page.getByText(/No Services? found/i).waitFor();
      await page.getByRole('button', { name: 'recommended', exact: true }).click();
      await row().waitFor();

      // In Russian.
      await page.evaluate(() => localStorage.setItem('language', 'ru'));
      await page.reload();
      await page.getByRole('cell', { name: `Показан сверху ${unique}`, exact: true }).waitFor();
      expectTrue((await page.title()) === 'Панель администратора | Услуги', `ru tab title: ${await page.title()}`);
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.reload();

      await row().getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Are you sure to delete ?').waitFor();
      await confirmDelete(page);
      await page.getByText('Service successfully deleted').waitFor();
      expectTrue((await api.get<Service[]>('services')).length === 0, 'the service must be gone');
    },
  },
  {
    name: 'services: a service with tariffs is not deleted, and the server says why',
    env: { DEMO_DATA: 'on' },
    async run({ page, baseUrl, api }) {
      const en = async <T>(p: string) =>
        (await (await fetch(`${baseUrl}/api/v1/${p}`, { headers: { authorization: `Bearer ${api.token}`, 'accept-language': 'en' } })).json()) as T;
      const busy = (await en<Service[]>('services?range=[0,999]')).find((s) => s.tariffs.length > 0);
      expectTrue(busy, 'the demo data must have a service with tariffs');
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/services`);
      await page.getByPlaceholder('Search', { exact: true }).fill(busy.name);
      await page.getByRole('row', { name: new RegExp(busy.name) }).first().getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(page);
      await page.locator('.RaNotification-error', { hasText: /The service still has \d+ tariffs?; delete them first/ }).waitFor();
      await api.get(`services/${busy.id}`);
    },
  },
];
