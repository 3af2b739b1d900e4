import path from 'node:path';
import type { Spec } from '../harness/types';
import { ROOT } from '../harness/server';
import { confirmDelete, expectTrue, login, pngFile } from '../harness/ui';

interface Language {
  id: string;
  code: string;
  title: string;
  image: string | null;
  definitions: number;
}

/** Two letters no install starts with, from the run's unique suffix. */
function freshCode(unique: string): string {
  const letters = 'bcdfghjklmnpqstvwxyz';
  const n = [...unique].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7);
  return `${letters[n % letters.length]}${letters[Math.floor(n / letters.length) % letters.length]}`;
}

export const specs: Spec[] = [
  {
    name: 'languages screen: add with an image, the header offers it at once, edit the title and image, the duplicate 409, delete warns of its definitions, ru titles',
    async run({ page, baseUrl, api, unique }) {
      const code = freshCode(unique);
      const title = `Lang ${unique}`;
      const dir = path.join(ROOT, 'e2e', 'artifacts', 'fixtures');
      const red = await pngFile(dir, `lang-red-${unique}.png`, [200, 30, 30]);
      const blue = await pngFile(dir, `lang-blue-${unique}.png`, [30, 30, 200]);
      const find = async () => (await api.get<Language[]>('language')).find((l) => l.code === code);
      const headerOffers = async (wanted: boolean) => {
        await page.getByTestId('language-select').getByRole('combobox').click();
        await page.getByRole('option', { name: code, exact: true }).waitFor({ state: wanted ? 'visible' : 'detached' });
        await page.keyboard.press('Escape');
      };
      expectTrue(!(await find()), `the code ${code} must be free`);

      try {
        await login(page, baseUrl);
        await page.getByRole('menuitem', { name: 'Language' }).click();
        await page.getByRole('cell', { name: 'Oʻzbekcha', exact: true }).waitFor();
        expectTrue((await page.title()) === 'Admin Panel | Languages', `tab title: ${await page.title()}`);

        // Add: the code is checked in the browser (two letters at most), then sent with the title and the image.
        await page.getByRole('link', { name: 'Create' }).click();
        await page.getByRole('textbox', { name: 'Code' }).fill('u1');
        await page.getByRole('textbox', { name: 'Language' }).fill(title);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('One or two letters, e.g. uz').waitFor();
        // A code that is taken is the server's 409, shown as an error with its message.
        await page.getByRole('textbox', { name: 'Code' }).fill('uz');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('A language with the code "uz" already exists').waitFor();
        await page.getByRole('textbox', { name: 'Code' }).fill(code.toUpperCase());
        await page.locator('input[type=file]').setInputFiles(red);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Language successfully created').waitFor();
        const row = () => page.getByRole('row', { name: new RegExp(`Lang ${unique}`) });
        await row().getByRole('cell', { name: code, exact: true }).waitFor();
        const created = await find();
        expectTrue(created?.image && created.title === title, `the language must be stored with its image: ${JSON.stringify(created)}`);
        await page.locator(`img[src="/${created.image}"]`).waitFor();
        // The header's select offers the new language without a reload.
        await headerOffers(true);

        // Edit: the code is read-only, the title changes.
        await row().getByRole('link', { name: 'Edit', exact: true }).click();
        expectTrue((await page.getByRole('textbox', { name: 'Code' }).getAttribute('readonly')) !== null, 'the code must be read-only');
        await page.getByRole('textbox', { name: 'Language' }).fill(`Lingo ${unique}`);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Language successfully changed').waitFor();
        await page.getByRole('cell', { name: `Lingo ${unique}`, exact: true }).waitFor();
        expectTrue((await find())?.title === `Lingo ${unique}`, 'the title must be changed on the server');

        // Replace the image through its dialog.
        const lingo = () => page.getByRole('row', { name: new RegExp(`Lingo ${unique}`) });
        await lingo().getByRole('link', { name: 'Edit image' }).click();
        await page.getByRole('dialog').locator('input[type=file]').setInputFiles(blue);
        await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
        await page.getByText('Image successfully edited').waitFor();
        const replaced = await find();
        expectTrue(replaced?.image && replaced.image !== created.image, 'the image path must change');

        // The same screen in Russian.
        await page.evaluate(() => localStorage.setItem('language', 'ru'));
        await page.reload();
        await page.getByRole('heading', { name: 'Языки' }).first().waitFor();
        expectTrue((await page.title()) === 'Панель администратора | Языки', `ru tab title: ${await page.title()}`);
        await page.getByRole('columnheader', { name: 'Код' }).waitFor();
        await page.evaluate(() => localStorage.setItem('language', 'en'));
        await page.reload();

        // Delete: a translation has a text in the new language, and the question says it goes too.
        const translationId = await api.translation(`e2e_langdef_${unique}`, { uz: `a ${unique}`, ru: `b ${unique}`, en: `c ${unique}`, [code]: `d ${unique}` });
        await page.reload();
        await lingo().getByRole('cell', { name: '1', exact: true }).waitFor();
        await lingo().getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('dialog').getByText('Its 1 definition in this language is deleted with it.').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
        expectTrue(await find(), 'No must keep the language');
        await lingo().getByRole('button', { name: 'Delete' }).click();
        await confirmDelete(page);
        await page.getByText('Language successfully deleted').waitFor();
        await lingo().waitFor({ state: 'detached' });
        expectTrue(!(await find()), 'the language must be gone');
        const left = await api.get<{ definition: { language: { code: string } }[] }>(`translate/${translationId}`);
        expectTrue(left.definition.length === 3 && !left.definition.some((d) => d.language.code === code), 'its definitions must be gone');
        await headerOffers(false);
        await api.delete(`translate/${translationId}`);
      } finally {
        // Other specs write texts for every language: never leave a fourth one behind.
        const stale = await find();
        if (stale) await api.delete(`language/${stale.id}`);
      }
    },
  },
];
