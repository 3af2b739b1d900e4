import type { Spec } from '../harness/types';
import { ADMIN } from '../harness/server';
import { expectTrue, login, openLogin, TIMEOUT } from '../harness/ui';

export const specs: Spec[] = [
  {
    name: 'login: a wrong password is refused, then the right one opens the panel',
    async run({ page, baseUrl }) {
      await openLogin(page, baseUrl);
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'LOG IN' }).click();
      await page.getByRole('alert').waitFor({ timeout: TIMEOUT });
      expectTrue(page.url() === `${baseUrl}/`, `a failed login must stay on /, is on ${page.url()}`);
      expectTrue((await page.evaluate(() => localStorage.getItem('accessToken'))) === null, 'no token after a failure');

      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'LOG IN' }).click();
      await page.getByText('Successfully logged in!').waitFor();
      await page.waitForURL(`${baseUrl}/dashboart`);
      await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    },
  },
  {
    name: 'login: the page offers its languages and fits a laptop and a phone without scrolling',
    async run({ page, baseUrl }) {
      await openLogin(page, baseUrl);
      await page.getByRole('navigation', { name: 'Language' }).getByRole('button', { name: 'Русский' }).click();
      await page.getByRole('button', { name: 'ВОЙТИ' }).waitFor();
      await page.getByLabel('Имя пользователя').waitFor();
      expectTrue((await page.evaluate(() => localStorage.getItem('language'))) === 'ru', 'the choice is kept for the panel');
      await page.getByRole('navigation', { name: 'Язык' }).getByRole('button', { name: 'Oʻzbekcha' }).click();
      await page.getByRole('button', { name: 'KIRISH' }).waitFor();
      for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(viewport);
        const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        expectTrue(overflow <= 0, `the login page scrolls by ${overflow} px at ${viewport.width}×${viewport.height}`);
      }
    },
  },
  {
    name: 'routes: / and /dashboart redirect according to the stored token',
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/dashboart/region`);
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('button', { name: /LOG IN|KIRISH/ }).waitFor();
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(`${baseUrl}/dashboart`);
      await page.goto(`${baseUrl}/dashboart/comfort`);
      await page.waitForURL(`${baseUrl}/dashboart/comfort`);
    },
  },
  {
    name: 'routes: an unknown address shows the 404 page with a way home',
    async run({ page, baseUrl }) {
      await page.goto(`${baseUrl}/no/such/page`);
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.reload();
      await page.getByText("Oops! You're lost.").waitFor();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await login(page, baseUrl);
      await page.goto(`${baseUrl}/dashboart/xyz`);
      await page.getByText("Oops! You're lost.").waitFor();
    },
  },
  {
    name: 'logout: "successfully log out", tokens gone, back on the login page',
    async run({ page, baseUrl }) {
      await login(page, baseUrl);
      await page.getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
      await page.getByText('successfully log out').waitFor();
      await page.waitForURL(`${baseUrl}/`);
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      expectTrue(token === null, 'the access token must be removed');
    },
  },
];
