import type { Spec } from '../harness/types';
import { expectTrue, login, navigate, networkQuiet } from '../harness/ui';

const RAW_KEY = /\b(?:resources|app|ra)\.[a-z][\w-]*(?:\.[\w-]+)*/;

/** Every text of the places, cottage types, services and tariffs screens comes from the catalogues, in each language. */
export const specs: Spec[] = [
  {
    name: 'catalogue texts: no raw i18n key on the places, cottage types, services and tariffs screens in uz, ru and en',
    // It leaves catalogue records behind (some in use, so no spec can clear them): its own server keeps the others' lists empty.
    env: { E2E_GROUP: 'catalogue-texts' },
    async run({ page, baseUrl, api, unique }) {
      const word = (code: string, text: string) => api.translation(`e2e_txt_${code}_${unique}`, { uz: text, ru: text, en: text });
      const region = await api.post<{ id: string }>('region/add', { name: await word('region', `TxtRegion ${unique}`) });
      const place = await api.post<{ id: string }>('place/add', { name: await word('place', `TxtPlace ${unique}`), regionId: region.id });
      const type = await api.post<{ id: string }>('cottage-type/add', { name: await word('ctype', `TxtType ${unique}`), hidePrice: true });
      const service = await api.post<{ id: string }>('services/add', {
        name: await word('srv', `TxtService ${unique}`),
        description: await word('srvd', `TxtServiceText ${unique}`),
        code: 'top',
      });
      const tariff = await api.post<{ id: string }>('tariff/add', {
        type: await word('ttype', `TxtTariff ${unique}`),
        description: await word('tdesc', `TxtTariffText ${unique}`),
        service_id: service.id,
        days: 1,
        price: 500,
      });
      const pages = [
        ['place', place.id],
        ['cottage-type', type.id],
        ['services', service.id],
        ['tariff', tariff.id],
      ];

      await login(page, baseUrl);
      for (const language of ['uz', 'ru', 'en']) {
        await page.evaluate((lang) => localStorage.setItem('language', lang), language);
        // The language is read when the panel loads; then the router moves between the screens (harness `navigate`).
        await page.goto(`${baseUrl}/dashboart`);
        for (const [route, id] of pages) {
          for (const path of [route, `${route}/create`, `${route}/${id}`, ...(route === 'place' || route === 'cottage-type' ? [`${route}/${id}/image`] : [])]) {
            await navigate(page, `/dashboart/${path}`);
            await page.locator('#main-content form, #main-content table').first().waitFor();
            await networkQuiet(page);
            const text = await page.evaluate(() => {
              const labels = [...document.querySelectorAll('[aria-label],[title],[placeholder]')].map(
                (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''} ${el.getAttribute('placeholder') ?? ''}`,
              );
              return `${document.title}\n${document.body.innerText}\n${labels.join('\n')}`;
            });
            const raw = RAW_KEY.exec(text);
            expectTrue(!raw, `${language} /${path} shows the raw key "${raw?.[0]}"`);
          }
        }
      }
    },
  },
];
