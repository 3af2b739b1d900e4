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
      await page.getByTestId('tile-region').click();
      await page.waitForURL(`${baseUrl}/dashboart/region`);
    },
  },
];
