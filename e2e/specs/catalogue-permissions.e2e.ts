import type { Spec } from '../harness/types';
import { expectTrue, openLogin, TIMEOUT } from '../harness/ui';

interface Group {
  permission: { id: string; code: string }[];
}

/** What a user who may only look sees on the places, cottage types, services and tariffs screens. */
export const specs: Spec[] = [
  {
    name: 'catalogue permissions: a read-only user sees places, cottage types, services and tariffs without any write button',
    // It leaves catalogue records behind (some in use, so no spec can clear them): its own server keeps the others' lists empty.
    env: { E2E_GROUP: 'catalogue-permissions' },
    async run({ page, baseUrl, api, unique }) {
      const word = (code: string, text: string) => api.translation(`e2e_perm_${code}_${unique}`, { uz: text, ru: text, en: text });
      const region = await api.post<{ id: string }>('region/add', { name: await word('region', `PermRegion ${unique}`) });
      await api.post('place/add', { name: await word('place', `PermPlace ${unique}`), regionId: region.id });
      await api.post('cottage-type/add', { name: await word('ctype', `PermType ${unique}`) });
      const service = await api.post<{ id: string }>('services/add', {
        name: await word('srv', `PermService ${unique}`),
        description: await word('srvd', `PermServiceText ${unique}`),
        code: 'recommended',
      });
      await api.post('tariff/add', {
        type: await word('ttype', `PermTariff ${unique}`),
        description: await word('tdesc', `PermTariffText ${unique}`),
        service_id: service.id,
        days: 3,
        price: 1000,
      });

      const wanted = ['place.list', 'region.list', 'cottageType.list', 'service.list', 'tariff.list'];
      const permissions = (await api.get<Group[]>('models')).flatMap((g) => g.permission).filter((p) => wanted.includes(p.code));
      expectTrue(permissions.length === wanted.length, `permissions found: ${permissions.map((p) => p.code).join(', ')}`);
      const role = await api.post<{ id: string }>('role/add', { name: `viewer_${unique}`, permissions: permissions.map((p) => p.id) });
      const user = { username: `viewer_${unique}`, password: 'viewer-password-1' };
      await api.post('user/add', { ...user, roles: [role.id] });

      await openLogin(page, baseUrl);
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'LOG IN' }).click();
      await page.waitForURL(`${baseUrl}/dashboart`, { timeout: TIMEOUT });

      for (const [route, text] of [
        ['place', `PermPlace ${unique}`],
        ['cottage-type', `PermType ${unique}`],
        ['services', `PermService ${unique}`],
        ['tariff', `PermTariff ${unique}`],
      ]) {
        await page.goto(`${baseUrl}/dashboart/${route}`);
        await page.getByRole('cell', { name: text, exact: true }).waitFor();
        const main = page.locator('#main-content');
        for (const [role, name] of [
          ['link', 'Create'],
          ['link', 'Edit'],
          ['link', 'Edit image'],
          ['button', 'Delete'],
          ['checkbox', 'Select all'],
        ] as const) {
          const count = await main.getByRole(role, { name, exact: true }).count();
          expectTrue(count === 0, `${route}: a user without write permissions sees ${count} "${name}" ${role}(s)`);
        }
      }
    },
  },
];
