/**
 * The i18n sweep: every list, create and edit screen of the registry (and the home, moderation queue, review desk and
 * profile pages), on the demo data, in uz, ru and en. It fails on a raw catalogue key anywhere in the page's text,
 * title, placeholders, aria-labels and tooltips, and, in ru and uz, on an English word of the English catalogue in the
 * interface's own texts (headings, labels, buttons, column heads, menus, helper texts, attributes; not the records'
 * data, which the Translations screen shows in every language on purpose).
 */
import type { Page } from 'playwright-core';
import en from '../../i18n/en';
import ru from '../../i18n/ru';
import uz from '../../i18n/uz';
import { resources, type ResourceDef } from '../../src/shared/resources';
import type { Spec } from '../harness/types';
import { expectTrue, login, navigate, networkQuiet } from '../harness/ui';

const RAW_KEY = /\b(?:resources|app|ra)\.[a-z][\w-]*\.[\w.-]+/;

/** Words Russian and Uzbek screens may show in Latin letters: names, codes, units and the spec's own words. */
const ALLOWED = new Set(['admin', 'panel', 'active', 'email', 'e-mail', 'super', 'dachaol', 'masjid', 'status', 'excel']);

const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as object).flatMap((v) => textsOf(v));
const wordsOf = (text: string) => text.replace(/%\{\w+\}/g, ' ').match(/[A-Za-z][A-Za-z-]{3,}/g) ?? [];

/** English words of our catalogue that neither the Russian nor the Uzbek one uses. */
const ENGLISH = (() => {
  const elsewhere = new Set([...textsOf(ru), ...textsOf(uz)].flatMap(wordsOf).map((w) => w.toLowerCase()));
  return new Set(textsOf(en).flatMap(wordsOf).map((w) => w.toLowerCase()).filter((w) => !elsewhere.has(w) && !ALLOWED.has(w)));
})();

/** The page's interface texts (not the table cells' and inputs' data) and its whole text, with the attributes. */
async function screenTexts(page: Page): Promise<{ all: string; chrome: string }> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[aria-label],[title],[placeholder]')].map((el) =>
      ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '').join(' '),
    );
    const chrome = [
      ...document.querySelectorAll(
        'h1,h2,h3,h4,h5,h6,th,label,legend,button,[role=menuitem],[role=tab],.MuiFormHelperText-root,.RaEmpty-message,.MuiAlert-message,#react-admin-title',
      ),
    ]
      .filter((el) => !el.closest('td'))
      .map((el) => (el as HTMLElement).innerText);
    return {
      all: `${document.title}\n${document.body.innerText}\n${attrs.join('\n')}`,
      chrome: `${document.title}\n${chrome.join('\n')}\n${attrs.join('\n')}`,
    };
  });
}

/** One language's sweep; the three run as groups of their own, so the runner's two lanes share them. */
const sweep = (language: 'uz' | 'ru' | 'en'): Spec => ({
  name: `i18n sweep (${language}): every list, create and edit screen shows no raw key${language === 'en' ? '' : ', and no English'}`,
  env: { DEMO_DATA: 'on', E2E_GROUP: `i18n-sweep-${language}` },
  async run({ page, baseUrl, api }) {
    const paths = ['', 'progress-cottages', 'review', 'profile'];
    for (const def of Object.values(resources) as ResourceDef[]) {
      if (def.route === 'permission') continue; // no screen of its own: the role form shows the catalogue
      paths.push(def.route);
      if (def.api.create) paths.push(`${def.route}/create`);
      if (def.api.update) {
        const [first] = await api.get<{ id: string }[]>(`${def.api.list}?range=[0,0]`);
        if (first) paths.push(`${def.route}/${first.id}`);
      }
    }
    await login(page, baseUrl);
    const found: string[] = [];
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    // The language is read when the panel loads; after that the router moves between the screens, as a person's clicks
    // do (no parse of the bundle and no session calls again per screen; each screen's own calls are waited for).
    await page.goto(`${baseUrl}/dashboart`);
    for (const path of paths) {
      await navigate(page, `/dashboart/${path}`);
      await page.locator('#main-content').waitFor();
      await networkQuiet(page);
      await page.locator('#main-content .MuiCircularProgress-root, #main-content .MuiSkeleton-root').first().waitFor({ state: 'detached' });
      const { all, chrome } = await screenTexts(page);
      const raw = RAW_KEY.exec(all);
      if (raw) found.push(`${language} /${path}: raw key "${raw[0]}"`);
      if (language !== 'en') {
        const english = [...new Set(wordsOf(chrome).filter((w) => ENGLISH.has(w.toLowerCase())))];
        if (english.length) found.push(`${language} /${path}: English ${english.join(', ')}`);
      }
    }
    if (found.length) console.log(found.map((l) => `      ${l}`).join('\n'));
    expectTrue(found.length === 0, `${found.length} screen(s) with untranslated text, listed above`);
    expectTrue(paths.length > 30, `the sweep must cover every screen, it had ${paths.length}`);
  },
});

export const specs: Spec[] = [sweep('uz'), sweep('ru'), sweep('en')];
