/**
 * API keys in the Profile (issue #36): a user makes a key with one of his permissions, sees its token once (in Uzbek),
 * the token reads regions through the API, the list never shows it again, and a revoke (in Russian) stops it at once.
 */
import type { Spec } from '../harness/types';
import { expectTrue, loginAs, TIMEOUT } from '../harness/ui';

interface Group {
  permission: { id: string; code: string }[];
}

export const specs: Spec[] = [
  {
    name: 'api keys: a key made in the Profile is shown once, reads regions, and a revoke stops it (uz, ru)',
    env: { E2E_GROUP: 'api-keys' },
    async run({ page, baseUrl, api, unique }) {
      const models = await api.get<Group[]>('models');
      const regionList = models.flatMap((g) => g.permission).find((p) => p.code === 'region.list');
      expectTrue(regionList, 'region.list exists');
      const role = await api.post<{ id: string }>('role/add', { name: `e2e_keys_${unique}`, permissions: [regionList.id] });
      const user = { username: `keys_${unique}`, password: 'key-password-1', name: `Keys ${unique}` };
      await api.post('user/add', { ...user, roles: [role.id] });
      const regions = (token: string) => fetch(`${baseUrl}/api/v1/region`, { headers: { authorization: `Bearer ${token}` } });

      await loginAs(page, baseUrl, user.username, user.password);
      await page.evaluate(() => localStorage.setItem('language', 'uz'));
      await page.goto(`${baseUrl}/dashboart/profile`);
      await page.getByRole('heading', { name: 'API kalitlari' }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Yangi kalit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nomi').fill(`bot ${unique}`);
      await dialog.getByRole('checkbox', { name: 'region.list' }).check();
      await dialog.getByRole('button', { name: 'Yaratish' }).click();

      const shown = page.getByTestId('api-key-token');
      await shown.waitFor({ timeout: TIMEOUT });
      const token = (await shown.innerText()).trim();
      expectTrue(/^dk_[A-Za-z0-9_-]{40,}$/.test(token), `a token is shown: ${token.slice(0, 6)}…`);
      const warning = await page.getByRole('dialog').innerText();
      expectTrue(warning.includes('faqat bir marta'), `the token dialog warns, in Uzbek, that it is shown once: ${warning}`);
      expectTrue((await regions(token)).status === 200, 'the token reads regions');
      await page.getByRole('button', { name: 'Yopish' }).click();

      const row = page.locator('tr[data-api-key]');
      await row.waitFor({ timeout: TIMEOUT });
      const listed = await row.innerText();
      expectTrue(listed.includes(`dk_${token.slice(3, 11)}`), `the list names the key by its prefix: ${listed}`);
      expectTrue(!(await page.content()).includes(token), 'the token is not on the page once its dialog is closed');

      await page.evaluate(() => localStorage.setItem('language', 'ru'));
      await page.reload();
      await page.getByRole('heading', { name: 'API-ключи' }).waitFor({ timeout: TIMEOUT });
      expectTrue(!(await page.content()).includes(token), 'the token is never shown again');
      page.once('dialog', (d) => void d.accept());
      await page.locator('tr[data-api-key]').getByRole('button', { name: 'Отозвать' }).click();
      await page.locator('tr[data-api-key]').getByText('Отозван', { exact: true }).waitFor({ timeout: TIMEOUT });
      expectTrue((await regions(token)).status === 401, 'a revoked key is refused at once');
    },
  },
];
