/**
 * Reading a CSV back (the import, `resource/import.ts`): a stream of bytes into rows of cells, as the export writes
 * them — UTF-8 with or without a BOM, `;` `,` or tab between cells (the separator is chosen on the header line),
 * quoted cells with `""` and line breaks. The raw file is never held whole: bytes are decoded and split as they come.
 * What is not UTF-8 text (an XLSX, an image, random bytes) is refused with a 400, as are an empty file, a quote never
 * closed and more rows than allowed.
 */
import { badRequest } from '../errors';

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

const NOT_CSV = 'The file is not a CSV: expected UTF-8 text with a header row, as the export writes it';
/** A header row longer than this is no header row. */
const MAX_HEADER_CHARS = 64 * 1024;

/** Cells of a CSV text fed in pieces; `quoteOpen` carries a `"` seen at a piece's end. */
class CsvSplitter {
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  private quoteOpen = false;
  private started = false;

  constructor(
    private readonly separator: string,
    private readonly onRow: (cells: string[]) => void,
  ) {}

  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (this.quoteOpen) {
        this.quoteOpen = false;
        if (c === '"') {
          this.cell += '"';
          continue;
        }
        this.quoted = false;
      } else if (this.quoted) {
        if (c === '"') this.quoteOpen = true;
        else this.cell += c;
        continue;
      }
      if (c === '"' && this.cell === '') {
        this.quoted = true;
        this.started = true;
      } else if (c === this.separator) {
        this.cells.push(this.cell);
        this.cell = '';
        this.started = true;
      } else if (c === '\n') this.endRow();
      else if (c !== '\r') {
        this.cell += c;
        this.started = true;
      }
    }
  }

  private endRow(): void {
    this.cells.push(this.cell);
    this.onRow(this.cells);
    this.cells = [];
    this.cell = '';
    this.started = false;
  }

  end(): void {
    if (this.quoted && !this.quoteOpen) throw badRequest('The file ends inside a quoted cell: a " is never closed');
    if (this.started || this.cell !== '' || this.cells.length) this.endRow();
  }
}

/**
 * Reads a sheet from a byte stream. `separatorOf` picks the separator from the header line (the import knows which
 * headers it expects); rows beyond `maxRows` stop the reading with a 400. Empty rows are skipped (their numbers are not).
 */
export async function readSheet(
  bytes: AsyncIterable<Buffer | Uint8Array>,
  opts: { maxRows: number; separatorOf: (headerLine: string) => string },
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
      return;
    }
    if (cells.every((c) => c.trim() === '')) return;
    if (rows.length >= opts.maxRows) throw badRequest(`The file has more than ${opts.maxRows} rows; import it in parts`);
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
    splitter = new CsvSplitter(opts.separatorOf(pending.slice(0, end).replace(/\r$/, '')), onRow);
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
    splitter = new CsvSplitter(opts.separatorOf(pending.replace(/\r$/, '')), onRow);
    splitter.push(pending);
  }
  splitter?.end();
  if (!header || header.every((h) => h === '')) throw badRequest('The file is empty: expected a header row, as the export writes it');
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
