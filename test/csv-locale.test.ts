/**
 * The CSV export as spreadsheets in Uzbekistan read it (issue 22, items 3–5) and safe in any of them (issue 21,
 * item 5): `;` with decimal commas in uz and ru, `,` in en, `?sep=`/`?decimal=` to choose otherwise; headers in the
 * request's language; times in APP_TIME_ZONE, named in the header; a BOM; no cell a spreadsheet would run as a formula,
 * whatever separator it applies; numbers stay numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { cottages } from '../src/server/db/schema';
import { createTestApp, multipart, type TestContext } from './helpers';
import { catalogue } from './fixtures';
import { ACTIVE_STATUSES, COTTAGE_STATUSES } from '../src/shared/enums';

let t: TestContext;
const ids: Record<string, string> = {};
const CREATED = new Date('2026-11-24T19:30:00Z'); // 2026-11-25 00:30:00 in Tashkent (UTC+5)

beforeAll(async () => {
  t = await createTestApp();
  const c = await catalogue(t);
  const base = { priceWeekend: 120, regionId: c.region.id, placeId: c.place.id, createdAt: CREATED, updatedAt: CREATED };
  for (const [key, name, price, latitude] of [
    ['formula', 'x;=1+2;', 1350000, -5],
    ['tab', '\t=1+2', 1350000.5, 41.25],
    ['cr', '\r=1+2', 100, 0],
    ['minus', '-5', 100, 0],
    ['at', '@SUM(A1)', 100, 0],
    ['comma', 'Bog‘i, Eram', 100, 0],
    // The ru export read with `,` (issue 33): `y,=3+4,` would give the cell `=3+4`.
    ['ruFormula', 'y,=3+4,', 100, 0],
    // After a line break and a tab inside the text, and a `'` the text already had (the import must keep it).
    ['inside', "a\n@b\t-c;'=d", 100, 0],
    ['quote', "'=e", 100, 0],
  ] as const) {
    const [row] = await t.database.db.insert(cottages).values({ ...base, name, price, latitude, rating: 4.5 }).returning({ id: cottages.id });
    ids[key] = row.id;
  }
});
afterAll(() => t.close());

/**
 * A spreadsheet's reading with the given separator (RFC 4180 as Excel and LibreOffice apply it): a quote opens a quoted
 * cell only at the cell's start; inside it, `""` is a quote and separators and line breaks are text. A quote anywhere
 * else is a character — so a file written for another separator splits where that reader sees its own separator.
 */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  const endCell = () => {
    row.push(cell);
    cell = '';
    atStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
      continue;
    }
    if (c === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (c === separator) endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
      atStart = false;
    }
  }
  return rows;
}

const onlyOurs = () => encodeURIComponent(JSON.stringify({ id: Object.values(ids) }));

async function exportOf(lang: string, extra = '') {
  const res = await t.api({ method: 'GET', url: `/api/v1/cottage/export?filter=${onlyOurs()}${extra}`, headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return res.body.slice(1);
}

/** The sheet as a table: header → cell, per cottage id. */
function table(body: string, separator: string) {
  const [header, ...rows] = parseCsv(body, separator);
  return { header, byId: new Map(rows.map((r) => [r[0], Object.fromEntries(header.map((h, i) => [h, r[i]]))])) };
}

describe('CSV export by language', () => {
  it('ru: `;`, decimal commas, Russian headers, Tashkent time named in the header', async () => {
    const body = await exportOf('ru');
    expect(body.split('\r\n')[0]).toContain('#;Название;Описание коттеджа;Цена;');
    const { header, byId } = table(body, ';');
    expect(header).toContain('Создано (Asia/Tashkent)');
    expect(header.filter((h) => /^[A-Za-z ]+$/.test(h))).toEqual([]);
    const row = byId.get(ids.tab)!;
    expect(row['Цена']).toBe('1350000,5');
    expect(row['Рейтинг']).toBe('4,5');
    expect(row['Широта']).toBe('41,25');
    expect(row['Создано (Asia/Tashkent)']).toBe('2026-11-25 00:30:00');
    expect(body).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
  });

  it('uz: `;`, decimal commas, Uzbek headers', async () => {
    const { header, byId } = table(await exportOf('uz'), ';');
    expect(header.slice(0, 4)).toEqual(['#', 'Nomi', 'Kottej tavsifi', 'Narxi']);
    expect(header).toContain('Reyting');
    expect(byId.get(ids.tab)!['Reyting']).toBe('4,5');
  });

  it('statuses read in the reader’s words (issue 34): ru and uz label them, en keeps the codes', async () => {
    const codes = new Set<string>([...ACTIVE_STATUSES, ...COTTAGE_STATUSES]);
    const cells = (lang: string, sep: string) => Object.values(table(body[lang], sep).byId.get(ids.tab)!);
    const body: Record<string, string> = { ru: await exportOf('ru'), uz: await exportOf('uz'), en: await exportOf('en') };
    expect(cells('ru', ';').filter((c) => codes.has(c))).toEqual([]);
    expect(cells('uz', ';').filter((c) => codes.has(c))).toEqual([]);
    expect(cells('ru', ';').some((c) => ['Активно', 'Неактивно'].includes(c))).toBe(true);
    expect(cells('en', ',').filter((c) => codes.has(c)).length).toBeGreaterThanOrEqual(2);
  });

  it('en: `,` and decimal points, English headers', async () => {
    const body = await exportOf('en');
    expect(body.split('\r\n')[0]).toMatch(/^#,Name,Cottage description,Price,/);
    const { byId } = table(body, ',');
    expect(byId.get(ids.tab)!['Price']).toBe('1350000.5');
    expect(byId.get(ids.tab)!['Created (Asia/Tashkent)']).toBe('2026-11-25 00:30:00');
  });

  it('?sep= and ?decimal= choose otherwise, and a bad value answers 400', async () => {
    const comma = table(await exportOf('ru', '&sep=comma'), ',');
    expect(comma.byId.get(ids.tab)!['Цена']).toBe('1350000.5');
    const tab = table(await exportOf('en', '&sep=tab&decimal=comma'), '\t');
    expect(tab.byId.get(ids.tab)!['Price']).toBe('1350000,5');
    const bad = await t.api({ method: 'GET', url: '/api/v1/cottage/export?sep=pipe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/sep must be one of comma, semicolon, tab/);
  });
});

describe('CSV export cannot start a formula', () => {
  it.each([
    ['ru', ';'],
    ['en', ','],
    ['en&sep=tab', '\t'],
  ])('%s: every text cell is one cell in any separator, formulas get a leading quote, numbers stay numbers', async (lang, separator) => {
    const [language, extra] = lang.split('&');
    const body = await exportOf(language, extra ? `&${extra}` : '');
    const price = language === 'ru' ? 'Цена' : 'Price';
    const latitude = language === 'ru' ? 'Широта' : 'Latitude';
    const name = language === 'ru' ? 'Название' : 'Name';
    const { byId } = table(body, separator);
    expect(byId.get(ids.formula)![name]).toBe("x;'=1+2;'");
    expect(byId.get(ids.ruFormula)![name]).toBe("y,'=3+4,'");
    expect(byId.get(ids.inside)![name]).toBe("a\n'@b\t'-c;''=d");
    expect(byId.get(ids.quote)![name]).toBe("''=e");
    expect(byId.get(ids.tab)![name]).toBe("'\t'=1+2");
    expect(byId.get(ids.cr)![name]).toBe("'\r'=1+2");
    expect(byId.get(ids.minus)![name]).toBe("'-5");
    expect(byId.get(ids.at)![name]).toBe("'@SUM(A1)");
    expect(byId.get(ids.comma)![name]).toBe('Bog‘i, Eram');
    // Numbers: not prefixed, not grouped.
    expect(byId.get(ids.formula)![latitude]).toBe('-5');
    expect(byId.get(ids.formula)![price]).toBe('1350000');
    // Read with each separator, as a spreadsheet would, no text cell starts a formula (a number cell may be -5).
    const numbers = /^-?\d+([.,]\d+)?$/;
    for (const other of [',', ';', '\t']) {
      for (const row of parseCsv(body, other).slice(1)) {
        for (const cell of row) {
          if (/^[=+\-@\t\r]/.test(cell) && !numbers.test(cell)) throw new Error(`read with ${JSON.stringify(other)}: a cell starts a formula: ${JSON.stringify(cell)}`);
        }
      }
    }
  });

  it('quotes `x;=1+2;` and neutralises its `=`, so a `;` spreadsheet splitting it still finds no formula', async () => {
    const line = (await exportOf('en')).split('\r\n').find((l) => l.startsWith(ids.formula))!;
    expect(line).toContain(`,"x;'=1+2;'",`);
    const [stored] = await t.database.db.select({ name: cottages.name }).from(cottages).where(eq(cottages.id, ids.formula));
    expect(stored.name).toBe('x;=1+2;');
  });
});

describe('CSV export and import round trip (issue 33)', () => {
  it.each([['ru', ''], ['uz', ''], ['en', ''], ['en', '&sep=tab']])('%s%s: the export imported back changes nothing, formula texts included', async (lang, extra) => {
    const body = await exportOf(lang, extra);
    const file = multipart({}, [{ field: 'file', filename: 'cottage.csv', content: Buffer.from(`\uFEFF${body}`), type: 'text/csv' }]);
    const res = await t.api({ method: 'POST', url: '/api/v1/cottage/import?dryRun=true', payload: file.payload, headers: { ...file.headers, 'accept-language': lang } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 0, errors: [], changes: [], unchanged: Object.keys(ids).length });
  });
});

describe('APP_TIME_ZONE', () => {
  it('defaults to Asia/Tashkent, takes any IANA zone and refuses a wrong one clearly', () => {
    const env = { JWT_SECRET: 'x'.repeat(32), JWT_REFRESH_SECRET: 'y'.repeat(32) };
    expect(loadConfig(env).timeZone).toBe('Asia/Tashkent');
    expect(loadConfig({ ...env, APP_TIME_ZONE: 'Europe/Moscow' }).timeZone).toBe('Europe/Moscow');
    expect(() => loadConfig({ ...env, APP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/APP_TIME_ZONE must be an IANA time zone/);
  });

  it('writes the export in the configured zone and names it', async () => {
    const other = await createTestApp({ APP_TIME_ZONE: 'Europe/Moscow' });
    try {
      const c = await catalogue(other);
      const [row] = await other.database.db
        .insert(cottages)
        .values({ name: 'Moscow time', price: 1, priceWeekend: 1, regionId: c.region.id, placeId: c.place.id, createdAt: CREATED, updatedAt: CREATED })
        .returning({ id: cottages.id });
      const res = await other.api({ method: 'GET', url: `/api/v1/cottage/export?filter=${encodeURIComponent(JSON.stringify({ id: [row.id] }))}`, headers: { 'accept-language': 'en' } });
      const { byId } = table(res.body.slice(1), ',');
      expect(byId.get(row.id)!['Created (Europe/Moscow)']).toBe('2026-11-24 22:30:00');
      expect((await other.app.inject({ method: 'GET', url: '/api/v1/config' })).json().timeZone).toBe('Europe/Moscow');
    } finally {
      await other.close();
    }
  });
});
