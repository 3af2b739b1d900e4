import type { Spec } from '../harness/types';
import { expectTrue, login, navigate, networkQuiet } from '../harness/ui';

/** A catalogue key that reached the page instead of its text, e.g. `resources.language.fields.code`. */
const RAW_KEY = /\b(?:resources|app|ra)\.[a-z_-]+\.[a-z_.-]+/i;

const PAGES = ['language', 'language/create', 'translate', 'translate/create', 'notification', 'notification/create'];

export const specs: Spec[] = [
  {
    name: 'screen texts: Languages, Translations and Notifications show no raw text key in uz, ru or en',
    // It leaves catalogue records behind (some in use, so no spec can clear them): its own server keeps the others' lists empty.
    env: { E2E_GROUP: 'screen-texts' },
    async run({ page, baseUrl, api, unique }) {
      // A row of each kind, so the cells' own texts are on the page too.
      const used = await api.translation(`e2e_texts_${unique}`, { uz: `Matn ${unique}`, ru: `Текст ${unique}`, en: `Text ${unique}` });
      const region = await api.post<{ id: string }>('region/add', { name: used });
      await api.post('notification/add', { message: `Texts ${unique}`, type: 'public' });
      await login(page, baseUrl);
      try {
        for (const language of ['uz', 'ru', 'en']) {
          await page.evaluate((lang) => localStorage.setItem('language', lang), language);
          // The language is read when the panel loads; then the router moves between the screens (harness `navigate`).
          await page.goto(`${baseUrl}/dashboart`);
          for (const path of PAGES) {
            await navigate(page, `/dashboart/${path}`);
            // The list's rows or the form's first field: the page has rendered its texts.
            await page.locator('table tbody tr, form input, form textarea').first().waitFor();
            await networkQuiet(page);
            const text = await page.locator('body').innerText();
            const found = RAW_KEY.exec(text);
            expectTrue(!found, `${language} /${path} shows the raw key "${found?.[0]}"`);
            const title = await page.title();
            expectTrue(!RAW_KEY.test(title) && title.includes('|'), `${language} /${path} tab title "${title}"`);
          }
        }
      } finally {
        await api.delete(`region/delete/${region.id}`);
      }
    },
  },
];
