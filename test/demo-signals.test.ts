/**
 * The demo shows the moderation signals (issue #35, item 5): after the start's backfill, the planted cases — a copied
 * photo across two owners, phone numbers in words (uz, ru), a price typo, a twin pin — carry their signals, waiting
 * for review at the top of the riskiest-first queue, and nothing else in the demo is flagged (each cottage has its
 * own pictures and its own description).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { seedDemo } from '../src/server/seed/demo';
import { backfillSignals } from '../src/server/routes/signals-backfill';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, t.app.storage);
  await backfillSignals(t.app);
}, 120_000);
afterAll(() => t.close());

interface Row {
  id: string;
  name: string;
  risk: number;
  signalKinds: string[];
  cottageStatus: string;
  userId: string | null;
}

describe('the demo\'s signals', () => {
  it('flags exactly the planted cases, each pair across two owners, riskiest first in the review queue', async () => {
    const res = await t.api({ method: 'GET', url: `/api/v1/cottage?range=[0,59]&sort=${encodeURIComponent('["risk","DESC"]')}` });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Row[];
    const flagged = rows.filter((r) => r.signalKinds.length);
    const kinds = flagged.flatMap((r) => r.signalKinds).sort();
    expect(kinds).toEqual(['contact', 'contact', 'photo', 'photo', 'price', 'twin', 'twin']);
    for (let i = 1; i < rows.length; i++) expect(rows[i].risk).toBeLessThanOrEqual(rows[i - 1].risk);

    const queue = await t.api({ method: 'GET', url: `/api/v1/cottage?range=[0,9]&sort=${encodeURIComponent('["risk","DESC"]')}&filter=${encodeURIComponent('{"cottageStatus":"progress"}')}` });
    const top = (queue.json() as Row[]).slice(0, 5);
    expect(top.every((r) => r.risk > 0), JSON.stringify(top)).toBe(true);

    // The price typo is measured against its region's confirmed prices (median and range), not only its weekend price.
    const typo = flagged.find((r) => r.signalKinds.includes('price'))!;
    const priced = await t.api({ method: 'GET', url: `/api/v1/cottage/${typo.id}/signals` });
    expect(priced.json().signals.map((s: { evidence: { field: string; median?: number } }) => [s.evidence.field, typeof s.evidence.median])).toContainEqual(['price', 'number']);

    for (const kind of ['photo', 'twin']) {
      const pair = flagged.filter((r) => r.signalKinds.includes(kind));
      const detail = await t.api({ method: 'GET', url: `/api/v1/cottage/${pair[0].id}/signals`, headers: { 'accept-language': 'ru' } });
      const signal = (detail.json().signals as { kind: string; relatedId: string; message: string }[]).find((s) => s.kind === kind)!;
      expect(signal.relatedId).toBe(pair[1].id);
      expect(signal.message).toMatch(/[а-я]/);
    }
  });
});
