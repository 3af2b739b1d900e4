/**
 * Moderation signals in the browser (issue #35), on the demo data's planted cases once the start's backfill has
 * flagged them: the desk shows the signal chips with their texts in uz, ru and en, a chip opens its evidence (the
 * phone number marked in the description, the reason as the server words it in that language; the two photos side
 * by side; the price on its strip; both pins on a map); the queue's "riskiest first" sorts by risk, highest first, with the risk column named in each language;
 * and on a phone (390×844) the chips, the evidence and the sorted queue stay on screen.
 */
import type { Page } from 'playwright-core';
import type { Spec } from '../harness/types';
import { expectTrue, login, TIMEOUT, shownCottage } from '../harness/ui';
import { cottageSignalsTexts } from '../../i18n/resources/cottage-signals';

interface Cottage {
  id: string;
  description: string;
  risk: number;
  signalKinds: string[];
  cottageStatus: string;
}

const LANGS = ['uz', 'ru', 'en'] as const;
const PHONE_WORDS = 'toʻqson bir, bir yuz yigirma uch, qirq besh, oltmish yetti';

/** The risks the queue shows, top to bottom, once the first is at least `top` and they run highest first. */
async function sortedRisks(page: Page, top: number): Promise<number[]> {
  const handle = await page.waitForFunction(
    (least) => {
      const risks = [...document.querySelectorAll('[data-testid="risk"]')].map((el) => Number(el.textContent));
      const sorted = risks.every((r, i) => i === 0 || r <= risks[i - 1]);
      return risks.length > 3 && risks[0] >= least && sorted ? risks : null;
    },
    top,
    { timeout: TIMEOUT },
  );
  return (await handle.jsonValue()) as number[];
}

export const specs: Spec[] = [
  {
    name: 'signals: the desk shows the chips and their evidence, the queue sorts riskiest first, in uz, ru and en and on a phone',
    // Decides nothing, but claims the demo's oldest waiting cottages: a server of its own.
    env: { DEMO_DATA: 'on', E2E_GROUP: 'signals' },
    async run({ page, baseUrl, api }) {
      // The backfill flags the planted cases in the background after the start.
      let flagged: Cottage[] = [];
      for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((r) => setTimeout(r, 500))) {
        flagged = (await api.get<Cottage[]>(`cottage?range=[0,19]&sort=${encodeURIComponent('["risk","DESC"]')}`)).filter((c) => c.risk > 0);
        if (flagged.flatMap((c) => c.signalKinds).length >= 7) break;
      }
      const phone = flagged.find((c) => c.description.includes(PHONE_WORDS));
      expectTrue(phone && phone.signalKinds.includes('contact'), `the demo's phone in words is flagged (${JSON.stringify(flagged.map((c) => c.signalKinds))})`);
      const copy = flagged.find((c) => c.signalKinds.includes('photo') && c.cottageStatus === 'progress');
      expectTrue(copy, 'the demo\'s copied photo (waiting for review) is flagged');

      await login(page, baseUrl, 'en');
      for (const lang of LANGS) {
        const t = cottageSignalsTexts[lang].signals;
        await page.evaluate((l) => localStorage.setItem('language', l), lang);
        // The desk hands out the oldest waiting cottage: the planted phone (and keeps it claimed for us on reload).
        await page.goto(`${baseUrl}/dashboart/review`);
        const shown = await shownCottage(page);
        expectTrue(shown === phone.id, `${lang}: the desk shows ${shown}, not the planted phone ${phone.id}`);
        const chip = page.getByTestId('signal-chip-contact');
        await chip.waitFor();
        expectTrue((await chip.innerText()) === t.kinds.contact, `${lang}: the chip says "${await chip.innerText()}"`);
        const score = await page.getByTestId('signal-score').innerText();
        expectTrue(score === t.score.replace('%{score}', String(phone.risk)), `${lang}: the score says "${score}"`);
        await chip.click();
        const evidence = page.getByTestId('signal-evidence-contact');
        const marked = await evidence.locator('mark').first().innerText();
        expectTrue(marked === PHONE_WORDS, `${lang}: marked "${marked}"`);
        const res = await fetch(`${baseUrl}/api/v1/cottage/${phone.id}/signals`, { headers: { authorization: `Bearer ${api.token}`, 'accept-language': lang } });
        const message = ((await res.json()) as { signals: { kind: string; message: string }[] }).signals.find((s) => s.kind === 'contact')!.message;
        await evidence.getByText(message, { exact: false }).waitFor();
        await evidence.getByRole('button', { name: t.evidence.reject }).waitFor();

        // The queue: riskiest first, the risk column named in the language.
        await page.goto(`${baseUrl}/dashboart/progress-cottages`);
        await page.getByRole('columnheader', { name: t.column }).waitFor();
        await page.getByTestId('riskiest-first').filter({ hasText: t.riskiest }).click();
        const risks = await sortedRisks(page, 60);
        expectTrue(risks.filter((r) => r > 0).length >= 4, `${lang}: the planted cases lead the queue (${risks})`);
      }

      // Skip the phone: the copied photo is next, its evidence the two photos side by side, both loaded.
      await page.goto(`${baseUrl}/dashboart/review`);
      await shownCottage(page);
      await page.getByTestId('decision-bar').getByRole('button', { name: 'Skip' }).click();
      const next = await shownCottage(page, phone.id);
      expectTrue(next === copy.id, `after a skip the desk shows ${next}, not the copied photo ${copy.id}`);
      await page.getByTestId('signal-chip-photo').click();
      const photos = page.getByTestId('signal-evidence-photo').getByTestId('signal-photos').locator('img');
      await page.waitForFunction(
        () => {
          const imgs = [...document.querySelectorAll('[data-testid="signal-photos"] img')] as HTMLImageElement[];
          return imgs.length === 2 && imgs.every((img) => img.complete && img.naturalWidth > 0);
        },
        null,
        { timeout: TIMEOUT },
      );
      expectTrue((await photos.count()) === 2, 'two photos side by side');

      // Next the price typo: the price on a strip against the region's range; then the twin pin: both pins on a map.
      await page.getByTestId('decision-bar').getByRole('button', { name: 'Skip' }).click();
      const priced = await shownCottage(page, next);
      // The price far above the usual has the strip (a weekend below the weekday, when there is one, has none).
      const strip = page.getByTestId('signal-price-strip');
      const priceChips = page.getByTestId('signal-chip-price');
      await priceChips.first().waitFor();
      for (let i = 0, n = await priceChips.count(); i < n && !(await strip.isVisible()); i++) {
        await priceChips.nth(i).click();
        await strip.waitFor({ timeout: 2000 }).catch(() => undefined);
      }
      await strip.waitFor();
      await page.getByTestId('decision-bar').getByRole('button', { name: 'Skip' }).click();
      await shownCottage(page, priced);
      await page.getByTestId('signal-chip-twin').click();
      const map = page.getByTestId('signal-twin-map');
      await map.locator('.leaflet-marker-icon').waitFor();
      await map.locator('path.other-pin').waitFor();
      await map.getByText(cottageSignalsTexts.en.signals.evidence.other_pin).waitFor();

      // A phone: the chips and the evidence fit the screen; the queue still sorts riskiest first.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await shownCottage(page);
      const chip = page.getByTestId('signal-chip-twin');
      await chip.waitFor();
      const box = await chip.boundingBox();
      expectTrue(box && box.x >= 0 && box.x + box.width <= 390, `the chip on a phone: ${JSON.stringify(box)}`);
      await chip.click();
      await page.getByTestId('signal-twin-map').locator('path.other-pin').waitFor();
      const shown = await page.getByTestId('signal-twin-map').boundingBox();
      expectTrue(shown && shown.x >= 0 && shown.x + shown.width <= 390, `the pins' map on a phone: ${JSON.stringify(shown)}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expectTrue(overflow <= 0, `the desk scrolls sideways on a phone by ${overflow} px`);
      await page.goto(`${baseUrl}/dashboart/progress-cottages`);
      await page.getByTestId('riskiest-first').click();
      await sortedRisks(page, 60);
    },
  },
];
