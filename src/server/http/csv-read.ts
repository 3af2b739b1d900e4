/**
 * Reading a CSV back (the import, `resource/import.ts`): a stream of bytes into rows of cells, as the export writes
 * them — UTF-8 with or without a BOM, `;` `,` or tab between cells (the separator is chosen on the header line),
 * quoted cells with `""` and line breaks. The raw file is never held whole: bytes are decoded and split as they come.
 * What is not UTF-8 text (an XLSX, an image, random bytes) is refused with a 400, as are an empty file, a quote never
 * closed and more rows than allowed.
 */
import { badRequest } from '../errors';
import { said } from '../messages';

const SEPARATORS = [';', ',', '\t'] as const;

/** One record of the sheet: its row number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

const NOT_CSV = said({
  uz: 'Fayl CSV emas: eksport yozgandek sarlavha qatori bor UTF-8 matn kutilgan',
  ru: 'Файл — не CSV: ожидается текст UTF-8 со строкой заголовков, как его пишет экспорт',
  en: 'The file is not a CSV: expected UTF-8 text with a header row, as the export writes it',
});
const TEXTS = {
  quoteOpen: { uz: 'Fayl qoʻshtirnoq ichida tugaydi: " yopilmagan', ru: 'Файл заканчивается внутри кавычек: " не закрыта', en: 'The file ends inside a quoted cell: a " is never closed' },
  tooManyRows: { uz: 'Faylda {max} tadan koʻp qator bor: uni qismlarga boʻlib import qiling', ru: 'В файле больше {max} строк: импортируйте его по частям', en: 'The file has more than {max} rows; import it in parts' },
  empty: { uz: 'Fayl boʻsh: eksport yozgandek sarlavha qatori kutilgan', ru: 'Файл пуст: ожидается строка заголовков, как её пишет экспорт', en: 'The file is empty: expected a header row, as the export writes it' },
} as const;
/** A header row longer than this is no header row. */
const MAX_HEADER_CHARS = 64 * 1024;

/** A cell holds at most this many bytes (as UTF-8): a longer one is refused as soon as it is seen. */
const MAX_CELL_BYTES = 64 * 1024;

type Lang = 'uz' | 'ru' | 'en';
const langOf = (lang: string | undefined): Lang => (lang === 'uz' || lang === 'ru' ? lang : 'en');

/** The refusals of a file's shape, in the request's language. */
const sheetMessages = {
  tooManyCells: (row: number, cells: number, lang?: string) =>
    ({
      uz: `${row}-qator sarlavhadagidan (${cells}) koʻp katakdan iborat: fayl eksport yozgan shaklda boʻlishi kerak`,
      ru: `В строке ${row} больше ячеек, чем в заголовке (${cells}): файл должен быть в том виде, в каком его пишет экспорт`,
      en: `Row ${row} has more cells than the header (${cells}): the file must have the shape the export writes`,
    })[langOf(lang)],
  cellTooLarge: (row: number, lang?: string) =>
    ({
      uz: `${row}-qatordagi katak ${MAX_CELL_BYTES / 1024} kB dan katta`,
      ru: `Ячейка в строке ${row} больше ${MAX_CELL_BYTES / 1024} кБ`,
      en: `A cell of row ${row} is larger than ${MAX_CELL_BYTES / 1024} kB`,
    })[langOf(lang)],
};

/**
 * Cells of a CSV text fed in pieces; `quoteOpen` carries a `"` seen at a piece's end. A row holds at most `maxCells`
 * cells (once the header has set it) and a cell at most `MAX_CELL_BYTES`: beyond either the reading stops at once, so
 * a hostile row (16 M separators, one 8 MB cell) costs no more memory than a well-formed one.
 */
class CsvSplitter {
  private cells: string[] = [];
  private cell = '';
  private cellBytes = 0;
  private quoted = false;
  private quoteOpen = false;
  private started = false;
  /** The row being read, counted as `readSheet` counts them (the header is 1). */
  private row = 1;
  maxCells = Infinity;

  constructor(
    private readonly separator: string,
    private readonly onRow: (cells: string[]) => void,
    private readonly lang?: string,
  ) {}

  private add(c: string): void {
    const code = c.charCodeAt(0);
    this.cellBytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xdc00 && code < 0xe000) ? 2 : 3;
    if (this.cellBytes > MAX_CELL_BYTES) throw badRequest(sheetMessages.cellTooLarge(this.row, this.lang));
    this.cell += c;
  }

  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (this.quoteOpen) {
        this.quoteOpen = false;
        if (c === '"') {
          this.add('"');
          continue;
        }
        this.quoted = false;
      } else if (this.quoted) {
        if (c === '"') this.quoteOpen = true;
        else this.add(c);
        continue;
      }
      if (c === '"' && this.cell === '') {
        this.quoted = true;
        this.started = true;
      } else if (c === this.separator) {
        this.cells.push(this.cell);
        this.cell = '';
        this.cellBytes = 0;
        this.started = true;
        if (this.cells.length >= this.maxCells) throw badRequest(sheetMessages.tooManyCells(this.row, this.maxCells, this.lang));
      } else if (c === '\n') this.endRow();
      else if (c !== '\r') {
        this.add(c);
        this.started = true;
      }
    }
  }

  private endRow(): void {
    this.cells.push(this.cell);
    this.onRow(this.cells);
    this.cells = [];
    this.cell = '';
    this.cellBytes = 0;
    this.started = false;
    this.row++;
  }

  end(): void {
    if (this.quoted && !this.quoteOpen) throw badRequest(said(TEXTS.quoteOpen));
    if (this.started || this.cell !== '' || this.cells.length) this.endRow();
  }
}

/**
 * Reads a sheet from a byte stream. `separatorOf` picks the separator from the header line (the import knows which
 * headers it expects); rows beyond `maxRows` stop the reading with a 400. Empty rows are skipped (their numbers are not).
 */
export async function readSheet(
  bytes: AsyncIterable<Buffer | Uint8Array>,
  opts: {
    maxRows: number;
    separatorOf: (headerLine: string) => string;
    /** Checks the header as soon as it is read (e.g. refuses unknown columns), before any row. */
    checkHeader?: (header: string[]) => void;
    /** The request's language, for the refusals of a row's shape. */
    lang?: string;
  },
): Promise<Sheet> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let header: string[] | undefined;
  const rows: SheetRow[] = [];
  let count = 0;
  let splitter: CsvSplitter | undefined;
  let pending = '';
  let first = true;
  const onRow = (cells: string[]) => {
    count++;
    if (!header) {
      header = cells.map((h) => h.trim());
      if (header.some((h) => h !== '')) opts.checkHeader?.(header);
      // A row may have fewer cells than the header (the rest are empty), never more.
      if (splitter) splitter.maxCells = header.length;
      return;
    }
    if (cells.every((c) => c.trim() === '')) return;
    if (rows.length >= opts.maxRows) throw badRequest(said(TEXTS.tooManyRows, { max: opts.maxRows }));
    rows.push({ row: count, cells });
  };
  const feed = (text: string) => {
    if (text.includes('\0')) throw badRequest(NOT_CSV);
    if (splitter) return splitter.push(text);
    pending += text;
    const end = pending.indexOf('\n');
    if (end < 0) {
      if (pending.length > MAX_HEADER_CHARS) throw badRequest(NOT_CSV);
      return;
    }
    splitter = new CsvSplitter(opts.separatorOf(pending.slice(0, end).replace(/\r$/, '')), onRow, opts.lang);
    splitter.push(pending);
    pending = '';
  };
  try {
    for await (const chunk of bytes) {
      let text = decoder.decode(chunk, { stream: true });
      if (first && text) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      feed(text);
    }
    feed(decoder.decode());
  } catch (error) {
    // The decoder's own error: bytes that are not UTF-8.
    if (error instanceof TypeError) throw badRequest(NOT_CSV);
    throw error;
  }
  if (!splitter && pending.trim()) {
    splitter = new CsvSplitter(opts.separatorOf(pending.replace(/\r$/, '')), onRow, opts.lang);
    splitter.push(pending);
  }
  splitter?.end();
  if (!header || header.every((h) => h === '')) throw badRequest(said(TEXTS.empty));
  return { header, rows };
}

/** The separator a header line is most likely split by: the one that yields the most known headers, else the most frequent. */
export function separatorOf(line: string, known: (header: string) => boolean): string {
  let best: string = SEPARATORS[0];
  let bestScore = -1;
  for (const separator of SEPARATORS) {
    const parts = line.split(separator);
    const score = parts.filter((p) => known(p.replace(/^"|"$/g, '').trim())).length * 1000 + parts.length;
    if (score > bestScore) [best, bestScore] = [separator, score];
  }
  return best;
}

/**
 * A text cell as the export meant it: without the `'` the export put before each formula start — at the text's start or
 * after a separator or line break inside it, or after a separator ending it (`csvCell`); one `'` of a run goes, so a
 * `'` the text had stays.
 */
export function cellValue(cell: string): string {
  return cell.trim().replace(QUOTED_FORMULA_AT, '');
}
const QUOTED_FORMULA_AT = /^'(?='*[=+\-@\t\r])|(?<=[,;\t\r\n])'(?='*(?:[=+\-@\t\r]|$))/g;
