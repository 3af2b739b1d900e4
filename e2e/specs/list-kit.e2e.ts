import { readFile } from 'node:fs/promises';
import type { Spec } from '../harness/types';
import { expectTrue, login } from '../harness/ui';

export const specs: Spec[] = [
  {
    name: 'list kit: bulk-deleting two selected regions is one request, and the export is a CSV in the UI language',
    async run({ page, baseUrl, api, unique }) {
      await api.clear('region', (id) => `region/delete/${id}`);
      for (const [n, en] of [['a', 'Alpha'], ['b', 'Bravo'], ['c', 'Charlie']]) {
        const name = await api.translation(`e2e_kit_${n}_${unique}`, { uz: `${en} uz ${unique}`, ru: `${en} ru ${unique}`, en: `${en} ${unique}` });
        await api.post('region/add', { name });
      }
      const deletes: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET' && /\/api\/v1\/region\/(bulk\/)?delete/.test(request.url())) deletes.push(request.url());
      });

      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/region`);
      for (const name of ['Alpha', 'Bravo']) {
        await page.getByRole('row', { name: new RegExp(`${name} ${unique}`) }).getByRole('checkbox').check();
      }
      await page.getByText('2 items selected').waitFor();
      await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('cell', { name: `Alpha ${unique}`, exact: true }).waitFor({ state: 'detached' });
      const left = (await api.get<{ name: string }[]>('region')).map((r) => r.name).filter((n) => n.endsWith(unique));
      expectTrue(left.length === 1 && left[0].startsWith('Charlie'), `only Charlie must be left, found ${JSON.stringify(left)}`);
      expectTrue(deletes.length === 1 && deletes[0].includes('/region/bulk/delete'), `one bulk request expected, saw ${JSON.stringify(deletes)}`);

      // The export follows the list's filter and the UI language: in Russian, the header row is Russian.
      await page.getByPlaceholder('Search', { exact: true }).fill(unique);
      await page.getByRole('cell', { name: `Charlie ${unique}`, exact: true }).waitFor();
      await page.waitForURL(/filter=/);
      await page.evaluate(() => localStorage.setItem('language', 'ru'));
      await page.reload();
      await page.getByRole('cell', { name: `Charlie ru ${unique}`, exact: true }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Экспорт' }).click()]);
      // The day in the marketplace's time zone (APP_TIME_ZONE, Asia/Tashkent by default).
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent' }).format(new Date());
      expectTrue(download.suggestedFilename() === `region-${today}.csv`, `file name ${download.suggestedFilename()}`);
      const csv = await readFile((await download.path())!, 'utf8');
      expectTrue(csv.startsWith('\uFEFF'), 'the CSV must start with a BOM');
      const lines = csv.slice(1).trim().split('\r\n');
      // As Excel reads it in Russian: `;`-separated, the name one column per language (so the file imports back
      // without loss), times in the marketplace's zone, named in the header.
      const header = '#;Название (uz);Название (ru);Название (en);Создано (Asia/Tashkent)';
      expectTrue(lines[0] === header, `header row ${JSON.stringify(lines[0])}`);
      expectTrue(lines.length === 2 && lines[1].includes(`;Charlie uz ${unique};Charlie ru ${unique};Charlie ${unique};`), `rows ${JSON.stringify(lines)}`);
    },
  },
];
