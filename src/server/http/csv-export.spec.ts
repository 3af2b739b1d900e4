import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cellText, csvCell, csvFormat, exportColumns, exportFileName, exportStream, formatCell, kindsOf, skeletonOf, TEXTS, timeCell, type CsvFormat } from './csv-export';

const named = { id: z.string(), name: z.string() };
const orderLike = z.object({
  id: z.string(),
  cottageId: z.string(),
  cottage: z.object(named),
  user: z.object({ id: z.string(), name: z.string().nullable(), username: z.string() }).nullable(),
  tariff: z.object({ id: z.string(), type: z.string(), typeTranslateId: z.string(), service: z.object(named) }),
  password: z.string(),
  createdAt: z.string(),
});

async function text(stream: NodeJS.ReadableStream) {
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

describe('CSV export', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-5')).toBe("'-5");
    // Whatever separator the spreadsheet applies: a formula start after a separator or line break inside the text is
    // defused too, and a separator ending the text gets a `'` after it (issue 33).
    expect(csvCell('x;=1+2;')).toBe(`"x;'=1+2;'"`);
    expect(csvCell('y,=3+4')).toBe(`"y,'=3+4"`);
    expect(csvCell('a\n@b\t-c')).toBe(`"a\n'@b\t'-c"`);
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('\t=1+2')).toBe(`"'\t'=1+2"`);
    expect(csvCell('\r=1+2')).toBe(`"'\r'=1+2"`);
    // A `'` the text had gets one more, so the import takes exactly one away.
    expect(csvCell("'=x")).toBe("''=x");
    expect(csvCell("it's")).toBe("it's");
    expect(csvCell('')).toBe('');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+998 90 123')).toBe("'+998 90 123");
  });

  it('writes cells by their column kind: numbers stay numbers, in the sheet decimal mark, times in the zone', () => {
    const ru: CsvFormat = { separator: ';', decimal: ',', timeZone: 'Asia/Tashkent' };
    const en: CsvFormat = { separator: ',', decimal: '.', timeZone: 'UTC' };
    expect(formatCell(-5, 'number', ru)).toBe('-5');
    expect(formatCell(1350000, 'number', ru)).toBe('1350000');
    expect(formatCell(4.5, 'number', ru)).toBe('"4,5"');
    expect(formatCell('4.5', 'number', en)).toBe('4.5');
    expect(formatCell('-5', 'text', en)).toBe("'-5");
    expect(formatCell('2026-11-24T19:30:00.000Z', 'time', ru)).toBe('2026-11-25 00:30:00');
    expect(formatCell(new Date('2026-11-24T19:30:00Z'), 'time', en)).toBe('2026-11-24 19:30:00');
    expect(timeCell(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('2026-07-01 14:00:00');
    expect(timeCell(new Date('2026-01-01T12:00:00Z'), 'Europe/Berlin')).toBe('2026-01-01 13:00:00');
    expect(formatCell(null, 'number', ru)).toBe('');
    expect(kindsOf(z.object({ a: z.number().nullable(), b: z.date(), c: z.string() }))).toEqual({ a: 'number', b: 'time', c: 'text' });
  });

  it('chooses the separator and decimal mark by language, or as the query asks', () => {
    expect(csvFormat('ru', {}, 'UTC')).toEqual({ separator: ';', decimal: ',', timeZone: 'UTC' });
    expect(csvFormat('uz', {}, 'UTC')).toMatchObject({ separator: ';', decimal: ',' });
    expect(csvFormat('en', {}, 'UTC')).toMatchObject({ separator: ',', decimal: '.' });
    expect(csvFormat('ru', { sep: 'comma' }, 'UTC')).toMatchObject({ separator: ',', decimal: '.' });
    expect(csvFormat('en', { sep: 'tab' }, 'UTC')).toMatchObject({ separator: '\t', decimal: '.' });
    expect(csvFormat('en', { sep: ';', decimal: 'comma' }, 'UTC')).toMatchObject({ separator: ';', decimal: ',' });
    expect(() => csvFormat('en', { sep: 'pipe' }, 'UTC')).toThrow(/sep must be one of comma, semicolon, tab/);
    expect(() => csvFormat('en', { decimal: ['x'] }, 'UTC')).toThrow(/decimal must be one of/);
  });

  it('flattens nested records to their names', () => {
    expect(cellText({ id: '1', name: 'Toshkent' })).toBe('Toshkent');
    expect(cellText([{ role: { id: '1', name: 'ADMIN' } }, { role: { id: '2', name: 'EDITOR' } }])).toBe('ADMIN; EDITOR');
    expect(cellText([{ value: 'Salom', language: { id: 'x', code: 'uz' } }])).toBe('uz: Salom');
    expect(cellText({ id: '1', name: null, username: 'ali' })).toBe('ali');
    expect(cellText(null)).toBe('');
    expect(cellText(12.5)).toBe('12.5');
  });

  it('derives readable columns from the record schema: no translation ids, no secrets, no ids beside their record', () => {
    const columns = exportColumns('order', skeletonOf(orderLike) as Record<string, unknown>, 'en');
    expect(columns.map((c) => c.key)).toEqual(['id', 'cottage', 'user', 'tariff', 'service', 'createdAt']);
  });

  it('labels the columns every list shares in the request language, and unknown ones in words', () => {
    const headers = (lang: string) =>
      exportColumns('region', { id: null, name: null, createdAt: null, someFlag: null }, lang).map((c) => c.header);
    expect(headers('ru')).toEqual(['#', 'Название', 'Создано', 'Some flag']);
    expect(headers('uz')).toEqual(['#', 'Nomi', 'Yaratilgan', 'Some flag']);
    expect(headers('xx')).toEqual(['#', 'Name', 'Created', 'Some flag']);
  });

  it('writes a BOM, a header row in the request language (a translated name one column per language) and every row, batch by batch', async () => {
    const ids = ['a', 'b', 'c'];
    const loads: string[][] = [];
    const csv = await text(
      exportStream({
        route: 'region',
        lang: 'ru',
        format: { separator: ';', decimal: ',', timeZone: 'Asia/Tashkent' },
        record: z.object({ id: z.string(), name: z.string(), nameTranslateId: z.string(), rating: z.number(), createdAt: z.date() }),
        ids,
        batchSize: 2,
        load: async (batch) => {
          loads.push(batch);
          return [...batch]
            .reverse()
            .map((id) => ({ id, name: `Name ${id}`, nameTranslateId: 't', [TEXTS]: { name: { uz: `Nom ${id}`, ru: `Name ${id}` } }, rating: 4.5, createdAt: new Date('2026-11-24T19:30:00Z') }));
        },
      }),
    );
    expect(loads).toHaveLength(2);
    expect(csv.startsWith('\uFEFF#;Название (uz);Название (ru);Название (en);')).toBe(true);
    const row = (id: string) => `${id};Nom ${id};Name ${id};;"4,5";2026-11-25 00:30:00`;
    expect(csv.slice(1).split('\r\n')).toEqual(['#;Название (uz);Название (ru);Название (en);Рейтинг;Создано (Asia/Tashkent)', row('a'), row('b'), row('c'), '']);
  });

  it('names the file after the resource and the day in the time zone', () => {
    expect(exportFileName('cottage', 'Asia/Tashkent', new Date('2026-11-22T10:00:00Z'))).toBe('cottage-2026-11-22.csv');
    expect(exportFileName('cottage', 'Asia/Tashkent', new Date('2026-11-22T19:30:00Z'))).toBe('cottage-2026-11-23.csv');
  });
});
