import type { Spec } from '../harness/types';
import { expectTrue, login, openLogin, TIMEOUT } from '../harness/ui';
import { permissionGroupName } from '../../src/shared/permission-names';

interface Group {
  id: string;
  name: string;
  label: string;
  permission: { id: string; code: string }[];
}
interface Role {
  id: string;
  name: string;
  permissions: { permission: { id: string; code: string } }[];
}

export const specs: Spec[] = [
  {
    name: 'roles: a role made by ticking a whole group holds exactly that group’s permissions',
    // It leaves a role behind.
    env: { E2E_GROUP: 'roles-profile' },
    async run({ page, baseUrl, api, unique }) {
      const groups = await api.get<Group[]>('models');
      const group = groups.find((g) => g.permission.length > 1 && g.permission.every((p) => p.code.startsWith('region.')));
      expectTrue(group, `a group of region permissions among ${groups.map((g) => g.name).join(', ')}`);
      const name = `e2e_role_${unique}`;
      // The API names groups in its default language (uz); the page below is in English.
      const label = permissionGroupName(group.name, 'en');

      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/roles/create`);
      await page.getByRole('textbox', { name: 'Enter role' }).fill(name);
      const panel = page.locator('.PermissionGroup').filter({ has: page.getByText(label, { exact: true }) });
      await panel.getByRole('button').first().click();
      await panel.getByRole('checkbox', { name: `Select all: ${label}` }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(`${baseUrl}/dashboart/roles`, { timeout: TIMEOUT });
      await page.getByRole('cell', { name, exact: true }).waitFor();

      const role = (await api.get<Role[]>('role')).find((r) => r.name === name);
      expectTrue(role, `the role ${name} must exist`);
      const held = role.permissions.map((p) => p.permission.id).sort();
      const wanted = group.permission.map((p) => p.id).sort();
      expectTrue(JSON.stringify(held) === JSON.stringify(wanted), `the role holds ${held.join(',')}, expected ${wanted.join(',')}`);

      // The edit form opens prefilled: the name and the ticked group.
      await page.goto(`${baseUrl}/dashboart/roles/${role.id}`);
      const input = page.getByRole('textbox', { name: 'Enter role' });
      await input.waitFor();
      expectTrue((await input.inputValue()) === name, 'the edit form shows the role’s name');
      const count = `${wanted.length} of ${wanted.length}`;
      await panel.getByText(count).waitFor();
    },
  },
  {
    name: 'profile: shows the balance in soʻm, a password change lets the new password in and the old one not, and the own name changes',
    env: { E2E_GROUP: 'roles-profile' },
    async run({ page, baseUrl, api, unique }) {
      const models = await api.get<Group[]>('models');
      const regionList = models.flatMap((g) => g.permission).find((p) => p.code === 'region.list');
      expectTrue(regionList, 'region.list exists');
      const role = await api.post<{ id: string }>('role/add', { name: `e2e_profile_${unique}`, permissions: [regionList.id] });
      const user = { username: `profile_${unique}`, password: 'old-password-1', name: `Profile ${unique}` };
      await api.post('user/add', { ...user, roles: [role.id] });

      await openLogin(page, baseUrl);
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'LOG IN' }).click();
      await page.waitForURL(`${baseUrl}/dashboart`, { timeout: TIMEOUT });
      await page.goto(`${baseUrl}/dashboart/profile`);
      const balance = await page.locator('.Profile-balance').innerText();
      // Money in the marketplace's currency, as the price columns write it (#34: not "0$" in a soʻm market).
      expectTrue(balance === '0 sum', `the balance reads "${balance}", expected "0 sum"`);
      const details = await page.locator('.Profile-details').innerText();
      expectTrue(details.includes(user.name) && details.includes(user.username), `the profile names the user: ${details}`);
      expectTrue(!details.includes(user.password), 'the profile never shows the password');

      await page.getByRole('button', { name: 'Change my password' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Current password').fill('wrong-password-9');
      await dialog.getByLabel(/^New password/).fill('new-password-2');
      await dialog.getByLabel('Repeat the new password').fill('new-password-2');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The current password is wrong').first().waitFor();
      await dialog.getByLabel('Current password').fill(user.password);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Password changed; your other sessions were ended').waitFor();

      const tryLogin = async (password: string) =>
        (
          await fetch(`${baseUrl}/api/v1/auth/login/admin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: user.username, password }),
          })
        ).status;
      expectTrue((await tryLogin('new-password-2')) === 201, 'the new password logs in');
      expectTrue((await tryLogin(user.password)) === 401, 'the old password no longer logs in');

      // The own name changes the same way, without user.edit; this session survived its own password change.
      await page.getByRole('button', { name: 'Edit my profile' }).click();
      const edit = page.getByRole('dialog');
      await edit.getByLabel('User Fullname').fill(`Renamed ${unique}`);
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Profile saved').waitFor();
      await page.locator('.Profile-details', { hasText: `Renamed ${unique}` }).waitFor();
    },
  },
];
