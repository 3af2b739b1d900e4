import type { Spec } from '../harness/types';
import { expectTrue, login } from '../harness/ui';

export const specs: Spec[] = [
  {
    name: 'home: the tiles show the counts from the server and link to their pages',
    async run({ page, baseUrl, api }) {
      const stats = await api.get<Record<string, number>>('stats');
      await login(page, baseUrl);
      const languages = page.getByTestId('tile-language');
      await languages.waitFor();
      const text = await languages.innerText();
      expectTrue(text.includes(String(stats.languages)), `the Languages tile must show ${stats.languages}: "${text}"`);
      await page.getByTestId('tile-user').waitFor();
      const badges = await page.getByTestId('progress-badge').count();
      const expected = (stats.progressCottages ?? 0) > 0 ? 1 : 0;
      expectTrue(badges === expected, `the "+N" progress badge must show only when N > 0 (N=${stats.progressCottages})`);
      await page.getByTestId('tile-region').click();
      await page.waitForURL(`${baseUrl}/dashboart/region`);
    },
  },
];
