import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Spec } from '../harness/types';
import { expectTrue, login } from '../harness/ui';

/** A receiver on this machine (allowed by WEBHOOK_ALLOW_PRIVATE=1): answers 200 and keeps the test events' headers. */
async function receiver() {
  const got: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      // The endpoint wants every event ("*"), its own creation included: count the test events.
      if ((JSON.parse(body) as { type: string }).type === 'webhook.test') got.push(req.headers);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { got, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const until = async (what: string, check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

export const specs: Spec[] = [
  {
    name: 'webhook: create an endpoint, see its secret once, send a test event, see it in the log, retry it; the page in uz and ru',
    env: { WEBHOOK_ALLOW_PRIVATE: '1', E2E_GROUP: 'webhook' },
    async run({ page, baseUrl }) {
      const hook = await receiver();
      try {
        await login(page, baseUrl);
        await page.getByRole('menuitem', { name: 'Webhooks' }).click();
        await page.getByText('No webhook endpoint yet').waitFor();

        await page.getByRole('button', { name: 'Add endpoint' }).click();
        await page.getByRole('textbox', { name: 'URL' }).fill(hook.url);
        await page.getByRole('button', { name: 'Save' }).click();
        const secret = page.getByTestId('webhook-secret');
        await secret.waitFor();
        expectTrue(/^whsec_/.test(await secret.innerText()), `the secret: ${await secret.innerText()}`);
        await page.getByText('it is shown only this once').waitFor();
        await page.getByRole('button', { name: 'Close' }).click();
        const row = page.getByTestId('webhook-endpoints').getByRole('row', { name: new RegExp(hook.url.replace(/[.]/g, '\\.')) });
        await row.waitFor();
        expectTrue(!(await page.content()).includes('whsec_'), 'the secret is not shown again');

        await row.getByRole('button', { name: 'Send a test event' }).click();
        await page.getByText('Test event queued').waitFor();
        const log = page.getByTestId('webhook-deliveries');
        const delivered = log.locator('tr[data-status="delivered"]', { has: page.getByRole('cell', { name: 'webhook.test' }) });
        await delivered.getByRole('cell', { name: 'webhook.test' }).waitFor();
        await delivered.getByText('Delivered').waitFor();
        await delivered.getByRole('cell', { name: '200' }).waitFor();
        await until('the test event', () => hook.got.length === 1);

        await delivered.getByRole('button', { name: 'Retry' }).click();
        await page.getByText('Queued to be sent again').waitFor();
        await until('the retry', () => hook.got.length === 2);
        expectTrue(hook.got[0]['webhook-id'] === hook.got[1]['webhook-id'], 'a retry keeps its webhook-id');
        await delivered.getByRole('cell', { name: '2', exact: true }).waitFor();

        // The same page in Uzbek and Russian.
        for (const [language, menu, add, deliveries] of [
          ['uz', 'Webhooklar', 'Manzil qoʻshish', 'Yetkazishlar'],
          ['ru', 'Вебхуки', 'Добавить адрес', 'Доставки'],
        ] as const) {
          await page.evaluate((lang) => localStorage.setItem('language', lang), language);
          await page.reload();
          await page.getByRole('menuitem', { name: menu }).waitFor();
          await page.getByRole('button', { name: add }).waitFor();
          await page.getByRole('button', { name: deliveries }).first().waitFor();
        }
      } finally {
        await hook.close();
      }
    },
  },
];
