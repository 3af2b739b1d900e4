import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cellText, csvCell, exportColumns, exportFileName, exportStream, skeletonOf } from './csv-export';

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

  it('writes a BOM, a header row in the request language and every row, batch by batch', async () => {
    const ids = ['a', 'b', 'c'];
    const loads: string[][] = [];
    const csv = await text(
      exportStream({
        route: 'region',
        lang: 'ru',
        record: z.object({ id: z.string(), name: z.string(), nameTranslateId: z.string() }),
        ids,
        batchSize: 2,
        load: async (batch) => {
          loads.push(batch);
          return [...batch].reverse().map((id) => ({ id, name: `Name ${id}`, nameTranslateId: 't' }));
        },
      }),
    );
    expect(loads).toHaveLength(2);
    expect(csv.startsWith('\uFEFF#,Название\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['#,Название', 'a,Name a', 'b,Name b', 'c,Name c', '']);
  });

  it('names the file after the resource and the day', () => {
    expect(exportFileName('cottage', new Date('2026-11-22T10:00:00Z'))).toBe('cottage-2026-11-22.csv');
  });
});
