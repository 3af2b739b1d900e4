import type { Page } from 'playwright-core';
import type { Api } from '../harness/api';
import { ADMIN } from '../harness/server';
import type { Spec } from '../harness/types';
import { confirmDelete, expectTrue, login } from '../harness/ui';

interface User {
  id: string;
  username: string;
  phone: string | null;
  roles: { role: { id: string; name: string } }[];
}
interface Group {
  permission: { id: string; code: string }[];
}
interface Notification {
  message: string;
  type: string;
  userId: string | null;
}

// Users stay behind (a user cannot always be deleted): a server of their own.
const env = { E2E_GROUP: 'users' };

/** No secret anywhere on the page: neither a password (typed ones are checked too) nor a stored hash (`scrypt$…`). */
async function expectNoSecrets(page: Page, secrets: string[]) {
  const text = await page.locator('body').innerText();
  const html = await page.content();
  for (const s of [...secrets, ADMIN.password, 'scrypt$', 'passwordHash']) {
    expectTrue(!text.includes(s) && !html.includes(s), `the page shows a secret: ${s}`);
  }
}

async function rolesWith(api: Api, unique: string) {
  const codes = (await api.get<Group[]>('models')).flatMap((g) => g.permission);
  const ids = (wanted: string[]) => codes.filter((p) => wanted.includes(p.code)).map((p) => p.id);
  const a = await api.post<{ id: string; name: string }>('role/add', { name: `viewer_${unique}`, permissions: ids(['region.list']) });
  const b = await api.post<{ id: string; name: string }>('role/add', { name: `placer_${unique}`, permissions: ids(['place.list']) });
  return [a, b];
}

/** `POST auth/login/admin` status for these credentials (2xx: logged in). */
async function loginStatus(baseUrl: string, username: string, password: string) {
  const res = await fetch(`${baseUrl}/api/v1/auth/login/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, userAgent: 'e2e' }),
  });
  return res.status;
}

const listUrl = (baseUrl: string, q: string) => `${baseUrl}/dashboart/user?filter=${encodeURIComponent(JSON.stringify({ q }))}`;

export const specs: Spec[] = [
  {
    name: 'user: create with two roles (both saved, phone as text), the password never shown, a new password logs in and the old one does not',
    env,
    async run({ page, baseUrl, api, unique }) {
      const [viewer, placer] = await rolesWith(api, unique);
      const username = `e2e_user_${unique}`;
      const firstPassword = `first-pass-${unique}`;
      const secondPassword = `second-pass-${unique}`;
      // Phones are unique: a retry (or a rerun on the same server) must not collide with the user the first try made.
      const seven = String(Date.now() % 1e7).padStart(7, '0');
      const shownPhone = `+998 90 ${seven.slice(0, 3)} ${seven.slice(3, 5)} ${seven.slice(5)}`;

      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/user/create`);
      await page.getByRole('textbox', { name: 'Username' }).fill(username);
      // The password's rule (≥ 8) is checked before sending.
      await page.getByRole('textbox', { name: /^Password/ }).fill('short');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Must be 8 characters at least').first().waitFor();
      await page.getByRole('textbox', { name: /^Password/ }).fill(firstPassword);
      const phone = page.getByRole('textbox', { name: 'Phone' });
      await phone.fill(shownPhone);
      expectTrue((await phone.inputValue()) === shownPhone, 'the phone input keeps the + and every digit');
      await page.getByRole('checkbox', { name: viewer.name }).check();
      await page.getByRole('checkbox', { name: placer.name }).check();
      // What is typed stays masked; the page text shows no password.
      const typed = page.getByRole('textbox', { name: /^Password/ });
      expectTrue((await typed.getAttribute('type')) === 'password', 'the password input masks what is typed');
      expectTrue(!(await page.locator('body').innerText()).includes(firstPassword), 'the typed password is not shown');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('User successfully added').first().waitFor();

      const created = (await api.get<User[]>(`user/all?filter=${encodeURIComponent(JSON.stringify({ q: username }))}`)).find((u) => u.username === username);
      expectTrue(created, 'the user must be created');
      const roleIds = created.roles.map((r) => r.role.id).sort();
      expectTrue(JSON.stringify(roleIds) === JSON.stringify([viewer.id, placer.id].sort()), `both roles saved: ${JSON.stringify(created.roles)}`);
      expectTrue(created.phone === `99890${seven}`, `phone: ${created.phone}`);
      expectTrue((await loginStatus(baseUrl, username, firstPassword)) < 300, 'the first password logs in');

      // The list: roles as chips, the phone as an Uzbek number, no password column and no secret.
      await page.goto(listUrl(baseUrl, username));
      const row = page.locator('main table tbody tr', { hasText: username });
      await row.getByText(viewer.name).waitFor();
      await row.getByText(placer.name).waitFor();
      await row.getByText(shownPhone, { exact: true }).waitFor();
      expectTrue((await page.getByRole('columnheader', { name: 'Password' }).count()) === 0, 'no password column');
      await expectNoSecrets(page, [firstPassword]);

      // Edit: "set a new password", never prefilled; the roles stay as they are unless changed.
      await row.getByRole('link', { name: 'Edit' }).click();
      const newPassword = page.getByLabel('Set a new password', { exact: true });
      await newPassword.waitFor();
      expectTrue((await newPassword.inputValue()) === '', 'the new-password field is never prefilled');
      expectTrue(await page.getByRole('checkbox', { name: viewer.name }).isChecked(), 'the saved roles are ticked');
      await expectNoSecrets(page, [firstPassword]);
      await newPassword.fill(secondPassword);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('User successfully changed').first().waitFor();
      // Back on the list (the form with the typed value is gone): no password, old or new.
      await page.waitForURL((url) => url.pathname === '/dashboart/user');
      // The edit page (whose History is a table too) may still be on screen just after the address changed.
      await page.getByLabel('Set a new password', { exact: true }).waitFor({ state: 'detached' });
      await page.locator('main table tbody tr', { hasText: username }).waitFor();
      await expectNoSecrets(page, [firstPassword, secondPassword]);

      expectTrue((await loginStatus(baseUrl, username, secondPassword)) < 300, 'the new password logs in');
      expectTrue((await loginStatus(baseUrl, username, firstPassword)) === 401, 'the old password no longer logs in');
      const after = await api.get<User>(`user/${created.id}`);
      expectTrue(after.roles.length === 2, `the roles stay: ${JSON.stringify(after.roles)}`);

      // Untick one role: exactly the ticked one is saved.
      await page.goto(`${baseUrl}/dashboart/user/${created.id}`);
      await page.getByRole('checkbox', { name: placer.name }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('User successfully changed').first().waitFor();
      const one = await api.get<User>(`user/${created.id}`);
      expectTrue(one.roles.length === 1 && one.roles[0].role.id === viewer.id, `one role left: ${JSON.stringify(one.roles)}`);
    },
  },
  {
    name: 'user: send a personal notification (message required), it shows under Personal; deleting yourself is refused with the server message',
    env,
    async run({ page, baseUrl, api, unique }) {
      const username = `e2e_notified_${unique}`;
      const target = await api.post<User>('user/add', { username, password: `pass-${unique}` });

      await login(page, baseUrl);
      await page.goto(listUrl(baseUrl, username));
      const row = page.locator('main table tbody tr', { hasText: username });
      await row.getByText('USER', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Send notification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send notification' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText('Required').waitFor();
      const message = `Hello ${unique}`;
      await dialog.getByRole('textbox', { name: 'Message' }).fill(message);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Notification sent').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const sent = (await api.get<Notification[]>('notification/all?range=[0,999]')).filter((n) => n.message === message);
      expectTrue(sent.length === 1 && sent[0].type === 'personal' && sent[0].userId === target.id, `stored: ${JSON.stringify(sent)}`);

      // It appears under Personal on the notification screen.
      await page.getByRole('menuitem', { name: 'Notification' }).click();
      await page.getByRole('button', { name: /^Personal/ }).click();
      await page.getByRole('row', { name: new RegExp(message) }).waitFor();

      // The server's refusal shows as an error with its message.
      await page.goto(listUrl(baseUrl, ADMIN.username));
      await page.locator('main table tbody tr', { hasText: ADMIN.username }).first().getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(page);
      await page.locator('.RaNotification-error', { hasText: 'You cannot delete your own account' }).waitFor();
      await expectNoSecrets(page, []);
    },
  },
];
