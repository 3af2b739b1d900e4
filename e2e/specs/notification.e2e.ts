import type { Spec } from '../harness/types';
import { ADMIN } from '../harness/server';
import { confirmDelete, expectTrue, login } from '../harness/ui';

interface Notification {
  id: string;
  message: string;
  type: string;
  userId: string | null;
}
interface User {
  id: string;
  username: string;
  name: string | null;
}

export const specs: Spec[] = [
  {
    name: 'notification: empty, send a public one (line breaks kept, counts), see the personal one with its user, delete, ru titles',
    async run({ page, baseUrl, api, unique }) {
      await api.clear('notification/all', (id) => `notification/delete/${id}`);
      const admin = (await api.get<User[]>('user/all')).find((u) => u.username === ADMIN.username);
      expectTrue(admin, 'the first admin must be listed');
      await api.post('notification/add', { message: `Personal ${unique}`, type: 'personal', userId: admin.id });

      await login(page, baseUrl);
      await page.getByRole('menuitem', { name: 'Notification' }).click();
      await page.getByText('There is no notification yet').waitFor();
      expectTrue((await page.title()) === 'Admin Panel | Notifications', `tab title: ${await page.title()}`);
      await page.getByRole('button', { name: 'Public (0)' }).waitFor();
      await page.getByRole('button', { name: 'Personal (1)' }).waitFor();

      // Send: the text is required, and its line breaks survive.
      await page.getByRole('link', { name: 'Send Notification' }).click();
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Required').first().waitFor();
      const message = `First line ${unique}\nSecond line`;
      await page.getByRole('textbox', { name: 'Message' }).fill(message);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Notification sent').waitFor();
      const cell = page.getByRole('cell', { name: /First line/ });
      await cell.waitFor();
      expectTrue((await cell.innerText()).includes('\nSecond line'), `the line break must be kept: ${JSON.stringify(await cell.innerText())}`);
      await page.getByRole('button', { name: 'Public (1)' }).waitFor();
      const sent = (await api.get<Notification[]>('notification/all')).find((n) => n.type === 'public');
      expectTrue(sent?.message === message && sent.userId === null, `stored: ${JSON.stringify(sent)}`);

      // The personal view: the message, the user's name and image (none: "No image", no request for a missing file).
      await page.getByRole('button', { name: 'Personal (1)' }).click();
      const personal = page.getByRole('row', { name: new RegExp(`Personal ${unique}`) });
      await personal.getByRole('cell', { name: admin.name ?? admin.username, exact: true }).waitFor();
      await page.getByRole('columnheader', { name: 'User name' }).waitFor();

      // "All" is a third, explicit choice; choosing the pressed one again keeps it (the toggle never turns off).
      const all = page.getByRole('button', { name: 'All (2)' });
      await all.click();
      await page.getByRole('row', { name: /First line/ }).waitFor();
      await personal.waitFor();
      await all.click();
      expectTrue((await all.getAttribute('aria-pressed')) === 'true', 'All stays chosen when chosen again');
      await page.getByRole('row', { name: /First line/ }).waitFor();

      // Delete the public one, after the question.
      await page.getByRole('button', { name: 'Public (1)' }).click();
      await page.getByRole('row', { name: /First line/ }).getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(page);
      await page.getByText('Notification deleted').waitFor();
      await page.getByText('There is no notification yet').waitFor();
      const left = await api.get<Notification[]>('notification/all');
      expectTrue(left.length === 1 && left[0].type === 'personal', `left: ${JSON.stringify(left)}`);

      // The same screen in Russian.
      await page.evaluate(() => localStorage.setItem('language', 'ru'));
      await page.reload();
      await page.getByText('Уведомлений пока нет').waitFor();
      expectTrue((await page.title()) === 'Панель администратора | Уведомления', `ru tab title: ${await page.title()}`);
      await page.getByRole('button', { name: 'Личные (1)' }).waitFor();
      await page.getByRole('link', { name: 'Отправить уведомление' }).waitFor();
    },
  },
];
