/**
 * The command palette (issue #34): Ctrl+K finds a cottage by its owner's phone typed with spaces and opens it; "/"
 * opens it again, where the daily actions are; in Russian, as an operator in Tashkent would use it.
 */
import type { Spec } from '../harness/types';
import { expectTrue, login } from '../harness/ui';

interface Cottage {
  id: string;
  name: string;
  userId: string | null;
}

export const specs: Spec[] = [
  {
    name: "palette: Ctrl+K finds a cottage by its owner's phone typed with spaces and opens it; \"/\" offers the queue",
    env: { DEMO_DATA: 'on' },
    async run({ page, baseUrl, api }) {
      const owned = (await api.get<Cottage[]>('cottage?range=[0,99]')).find((c) => c.userId);
      expectTrue(owned, 'the demo has a cottage with an owner');
      const owner = await api.get<{ phone: string | null }>(`user/${owned.userId}`);
      expectTrue(owner.phone && /^\d{9}$/.test(owner.phone), `the owner has a local phone: ${owner.phone}`);
      const spaced = `+998 ${owner.phone.slice(0, 2)} ${owner.phone.slice(2, 5)} ${owner.phone.slice(5, 7)} ${owner.phone.slice(7)}`;

      await login(page, baseUrl, 'ru');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.keyboard.press('Control+k');
      const palette = page.getByTestId('command-palette');
      await palette.getByRole('combobox', { name: 'Поиск и действия' }).fill(spaced);
      const option = palette.getByRole('option').filter({ hasText: owned.name });
      await option.first().waitFor();
      await option.first().click();
      await page.waitForURL(`${baseUrl}/dashboart/cottage/${owned.id}`);

      // "/" outside a text box opens it again; with nothing typed, the actions the operator may take.
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('/');
      await palette.getByRole('option', { name: 'Следующий коттедж в очереди' }).click();
      await page.waitForURL(`${baseUrl}/dashboart/review`);
      expectTrue((await palette.count()) === 0, 'the palette closes once it has opened something');
    },
  },
];
