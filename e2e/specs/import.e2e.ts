import type { Spec } from '../harness/types';
import { expectTrue, login } from '../harness/ui';

interface Translation {
  code: string;
  definition: { value: string; language: { code: string } }[];
}

export const specs: Spec[] = [
  {
    name: 'import: a changed translations file through the dialog shows the preview (counts, before → after), applies, and the list shows the change',
    async run({ page, baseUrl, api, unique }) {
      const code = `e2e_import_${unique}`;
      await api.translation(code, { uz: `Salom ${unique}`, ru: `Привет ${unique}`, en: `Hello ${unique}` });
      // The list's own export (English: `,` separated), filtered to this translation, with one text changed.
      const res = await fetch(`${baseUrl}/api/v1/translate/export?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`, {
        headers: { authorization: `Bearer ${api.token}`, 'accept-language': 'en' },
      });
      const csv = await res.text();
      expectTrue(csv.includes('Definition (ru)') && csv.includes(`Привет ${unique}`), `export: ${csv}`);
      const changed = csv.replace(`Привет ${unique}`, `Здравствуй ${unique}`);

      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/translate`);
      await page.getByPlaceholder('Search', { exact: true }).fill(unique);
      await page.waitForURL(new RegExp(`filter=.*${unique}`));
      await page.getByRole('row', { name: new RegExp(code) }).waitFor();

      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import from a CSV file' });
      await dialog.locator('input[type=file]').setInputFiles({ name: 'translate.csv', mimeType: 'text/csv', buffer: Buffer.from(changed) });
      // The dry run: counts, and the changed cell before → after; nothing saved yet.
      await dialog.getByText('Changed: 1').waitFor();
      await dialog.getByText('New: 0').waitFor();
      await dialog.getByText('Errors: 0').waitFor();
      const change = dialog.getByRole('table', { name: 'What will change' }).getByRole('row', { name: /Definition \(ru\)/ });
      await change.getByRole('cell', { name: `Привет ${unique}`, exact: true }).waitFor();
      await change.getByRole('cell', { name: `Здравствуй ${unique}`, exact: true }).waitFor();
      const before = (await api.get<Translation[]>(`translate?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`))[0];
      expectTrue(before.definition.some((d) => d.value === `Привет ${unique}`), 'the dry run must not save');


      await dialog.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Imported: 0 new, 1 changed').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const after = (await api.get<Translation[]>(`translate?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`))[0];
      expectTrue(after.definition.find((d) => d.language.code === 'ru')?.value === `Здравствуй ${unique}`, `stored: ${JSON.stringify(after)}`);

      // The list, in Russian, shows the imported text.
      await page.evaluate(() => localStorage.setItem('language', 'ru'));
      await page.reload();
      await page.getByRole('row', { name: new RegExp(code) }).getByText(`Здравствуй ${unique}`).first().waitFor();

      // On a phone (the first file again: the text back) the preview is one card per changed cell, on the whole screen, and nothing scrolls sideways.
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByRole('button', { name: 'Import' }).click();
      await dialog.locator('input[type=file]').setInputFiles({ name: 'translate.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const card = dialog.getByRole('list', { name: 'What will change' }).getByRole('listitem').filter({ hasText: 'Definition (ru)' });
      await card.getByText(`Привет ${unique}`).waitFor();
      const overflow = await dialog.locator('.MuiDialogContent-root').evaluate((el) => el.scrollWidth - el.clientWidth);
      expectTrue(overflow <= 0, `the phone's import preview scrolls sideways by ${overflow}px`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    },
  },
];
