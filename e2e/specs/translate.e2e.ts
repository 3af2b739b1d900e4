import type { Spec } from '../harness/types';
import { confirmDelete, expectTrue, login, openListPanel } from '../harness/ui';

interface Translation {
  id: string;
  code: string;
  type: string;
  status: string;
  definition: { value: string; language: { code: string } }[];
}

export const specs: Spec[] = [
  {
    name: 'translate: add with a text per language, edit the texts, filter by use, a used one links to its record and cannot be deleted (409), delete, ru titles',
    async run({ page, baseUrl, api, unique }) {
      const usedCode = `e2e_tr_used_${unique}`;
      const usedId = await api.translation(usedCode, { uz: `Samarqand ${unique}`, ru: `Самарканд ${unique}`, en: `Samarkand ${unique}` });
      const region = await api.post<{ id: string }>('region/add', { name: usedId });
      const code = `e2e_tr_${unique}`;
      const search = async () => (await api.get<Translation[]>(`translate?filter=${encodeURIComponent(JSON.stringify({ q: unique }))}`)).find((t) => t.code === code);

      await login(page, baseUrl);
      await page.getByRole('menuitem', { name: 'Translate' }).click();
      await page.getByRole('columnheader', { name: 'Definition' }).waitFor();
      expectTrue((await page.title()) === 'Admin Panel | Translate', `tab title: ${await page.title()}`);

      // Add: one required text per language the server has, and the type.
      await page.getByRole('link', { name: 'Create' }).click();
      await page.getByRole('textbox', { name: 'Code' }).fill(code);
      await page.getByRole('textbox', { name: 'uz definition' }).fill(`Salom ${unique}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Required').first().waitFor();
      await page.getByRole('textbox', { name: 'ru definition' }).fill(`Привет ${unique}`);
      await page.getByRole('textbox', { name: 'en definition' }).fill(`Hello ${unique}`);
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Error' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Translation successfully added.').waitFor();
      const created = await search();
      expectTrue(created?.type === 'error' && created.definition.length === 3, `stored: ${JSON.stringify(created)}`);

      await page.getByPlaceholder('Search', { exact: true }).fill(unique);
      // The search applies after a pause and re-renders the rows: wait for it before clicking in them.
      await page.waitForURL(new RegExp(`filter=.*${unique}`));
      const row = () => page.getByRole('row', { name: new RegExp(code) });
      await row().getByText(`Hello ${unique}`).waitFor();
      await row().getByTestId('status-inactive').getByText('Inactive').waitFor();
      await row().getByRole('cell', { name: 'Error', exact: true }).waitFor();

      // Edit: the texts only (code and type are read-only), prefilled from the record.
      await row().getByRole('link', { name: 'Edit', exact: true }).click();
      const ru = page.getByRole('textbox', { name: 'ru definition' });
      await ru.waitFor();
      expectTrue((await ru.inputValue()) === `Привет ${unique}`, 'the ru text must be prefilled');
      expectTrue((await page.getByRole('textbox', { name: 'Code' }).getAttribute('readonly')) !== null, 'the code must be read-only');
      await ru.fill(`Здравствуйте ${unique}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Translation successfully changed').waitFor();
      const edited = await search();
      const text = (c: string) => edited?.definition.find((d) => d.language.code === c)?.value;
      expectTrue(text('ru') === `Здравствуйте ${unique}` && text('uz') === `Salom ${unique}` && edited?.code === code, `edited: ${JSON.stringify(edited)}`);

      // Quick filter "Used": only the region's translation is left, and its chip links to the region.
      await page.getByPlaceholder('Search', { exact: true }).fill(unique);
      await row().waitFor();
      await openListPanel(page);
      await page.getByRole('button', { name: 'Used', exact: true }).click();
      await row().waitFor({ state: 'detached' });
      const used = page.getByRole('row', { name: new RegExp(usedCode) });
      const chip = used.getByRole('link', { name: /Used by the Name of Region/ });
      expectTrue((await chip.getAttribute('href'))?.endsWith(`/dashboart/region/${region.id}`), 'the chip must link to the region');

      // A translation in use is the server's 409, shown as an error; it stays.
      await used.getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(page);
      await page.getByText(/^Used by the name of region/).waitFor();
      expectTrue((await api.get<Translation>(`translate/${usedId}`)).id === usedId, 'the used translation must stay');
      await page.getByRole('button', { name: 'Used', exact: true }).click();

      // Delete the unused one.
      await row().getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(page);
      await page.getByText('Translation successfully deleted.').waitFor();
      await row().waitFor({ state: 'detached' });
      expectTrue(!(await search()), 'the translation must be gone');

      // The same screen in Russian.
      await page.evaluate(() => localStorage.setItem('language', 'ru'));
      await page.reload();
      await page.getByRole('columnheader', { name: 'Определение' }).waitFor();
      expectTrue((await page.title()) === 'Панель администратора | Переводы', `ru tab title: ${await page.title()}`);
      await page.getByTestId('status-active').getByText('Активно').first().waitFor();
      await api.delete(`region/delete/${region.id}`);
    },
  },
];
