/**
 * `POST <resource>/import` (multipart `file`), built for every resource whose registry entry declares `api.import`:
 * a CSV in the shape `<resource>/export` writes (headers in any UI language, `;` `,` or tab, decimal commas, a BOM or
 * none) read back — a row with an id edits that record, a row without one creates one — through the resource's own
 * create and edit, each change audited as an import. Every run is first planned in short slices (`PLAN_SLICE_MS`)
 * that are rolled back, so no transaction is held over the whole file and others' requests get the connection
 * between slices. `?dryRun=true` answers the plan; otherwise a clean plan applies in one transaction, or nothing does
 * (400 with the same answer when a row is bad).
 */
import { channel } from 'node:diagnostics_channel';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../shared/permissions';
import { said } from '../../messages';
import { badRequest, HttpError } from '../../errors';
import { malformedForm } from '../../plugins/uploads';
import { allLanguageCodes } from '../../repos/languages';
import { readSheet, separatorOf } from '../csv-read';
import { auditedWrite } from '../unit-of-work';
import type { ResourceContext } from './context';
import { headerKey, headerKeys, importFields } from './import-fields';
import { importRows, newRun, prepareImport, type ImportResult } from './import-rows';
import { ApplyFailed, applyPlanned } from './import-apply';
import { getTableName } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { replanStatements, touchTables } from '../../db/sql';
import { RESOURCE_TABLES, type TabledResource } from '../../db/tables';
import { formValidator } from './schemas';

/** An import file holds at most this many bytes (413 beyond): 10 000 cottages take about 4 MB. */
const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/** What a client refused for a running import is told to wait, in seconds. */
const IMPORT_RETRY_SECONDS = 5;

type Lang = 'uz' | 'ru' | 'en';
const langOf = (lang: string): Lang => (lang === 'uz' || lang === 'ru' ? lang : 'en');
const MESSAGES = {
  busy: {
    uz: `Hozir boshqa import bajarilmoqda: ${IMPORT_RETRY_SECONDS} soniyadan keyin qayta urinib koʻring`,
    ru: `Сейчас выполняется другой импорт: повторите через ${IMPORT_RETRY_SECONDS} с`,
    en: `Another import is running; try again in ${IMPORT_RETRY_SECONDS} s`,
  },
  tooLarge: {
    uz: `Fayl ${IMPORT_MAX_BYTES / 1024 / 1024} MB dan katta: uni qismlarga boʻlib import qiling`,
    ru: `Файл больше ${IMPORT_MAX_BYTES / 1024 / 1024} МБ: импортируйте его по частям`,
    en: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; import it in parts`,
  },
} satisfies Record<string, Record<Lang, string>>;

const TEXTS = {
  unknownColumns: {
    uz: 'Nomaʼlum ustunlar: {columns}. Faylda eksport yozgan sarlavhalar boʻlishi kerak',
    ru: 'Неизвестные столбцы: {columns}. В файле должны быть заголовки, которые пишет экспорт',
    en: "Unknown columns: {columns}. The file must have the headers the {plural}' export writes",
  },
  noIdColumn: {
    uz: '"#" ustuni (identifikator) yoʻq: faylda eksport yozgan sarlavhalar boʻlishi kerak',
    ru: 'Нет столбца "#" (id): в файле должны быть заголовки, которые пишет экспорт',
    en: 'The column "#" (the id) is missing: the file must have the headers the export writes',
  },
  oneError: { uz: 'Faylda {n} ta xato; hech narsa import qilinmadi', ru: 'Ошибок в файле: {n}; ничего не импортировано', en: '{n} error in the file; nothing was imported' },
  errors: { uz: 'Faylda {n} ta xato; hech narsa import qilinmadi', ru: 'Ошибок в файле: {n}; ничего не импортировано', en: '{n} errors in the file; nothing was imported' },
  sendFile: {
    uz: 'CSV faylni multipart formaning "file" maydonida yuboring',
    ru: 'Отправьте CSV в поле "file" формы multipart',
    en: 'Send the CSV as the file field "file" of a multipart form',
  },
} as const;

/**
 * One import at a time in this process (any resource): an import reads a whole file and writes many rows, and two at
 * once would double the memory and the time the database is busy. Another gets 429 with Retry-After.
 */
let importRunning = false;

const rowError = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() });
const rowChange = z.object({ row: z.number().int(), id: z.string().nullable(), before: z.record(z.string(), z.string()), after: z.record(z.string(), z.string()) });
const importAnswer = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(rowError),
  changes: z.array(rowChange),
  truncated: z.boolean(),
});

/** Thrown to roll a slice of the plan back. */
class DryRun extends Error {
  constructor() {
    super('dry run');
  }
}

/**
 * How long one slice of the plan holds a transaction (and, on PGlite, the only connection) before it gives it back:
 * another administrator's request waits at most about this long behind an import's plan.
 */
const PLAN_SLICE_MS = 50;

/** The import's phases as they pass, for a bench to time them (`bench/import-bounds.ts --timeline`); free without a subscriber. */
const phases = channel('dacha:import');
const mark = (phase: string, detail?: Record<string, unknown>) => phases.hasSubscribers && phases.publish({ phase, at: performance.timeOrigin + performance.now(), ...detail });

export function registerImport<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>) {
  const { app, cfg, def, tags, label } = ctx;
  if (!def.api.import || !cfg.create || !cfg.update) return;
  const fields = importFields(def, ctx.record, [cfg.create.body.schema, cfg.update.body.schema]);
  const plural = `${label.toLowerCase()} records`;
  app.post(
    `/${def.api.import}`,
    {
      onRequest: app.requirePermission(perm(def.key, 'create'), perm(def.key, 'edit')),
      config: { costly: 'import' },
      validatorCompiler: formValidator(false),
      schema: {
        tags,
        description:
          `Reads a CSV in the shape of the export (multipart \`file\`; headers in uz, ru or en; \`;\`, \`,\` or tab; at most IMPORT_MAX_ROWS rows): a row with an id edits that ${label.toLowerCase()}, a row without one creates one, related records by id or name. ` +
          '`dryRun=true` answers what would change and keeps nothing; otherwise every row applies in one transaction, or none (400 with the same answer). Needs the create and edit permissions',
        querystring: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
        body: z.object({ file: z.string().meta({ format: 'binary', description: 'The CSV file' }) }),
        consumes: ['multipart/form-data'],
        response: { 200: importAnswer },
      },
    },
    async (request, reply) => {
      // A file refused before its end (429, too large, a row refused at once) is not read further: the connection
      // closes after the answer, instead of waiting for a client still sending the rest.
      const unread = () => !request.raw.complete && reply.header('connection', 'close');
      if (importRunning) {
        unread();
        reply.header('Retry-After', String(IMPORT_RETRY_SECONDS));
        throw new HttpError(429, MESSAGES.busy[langOf(request.messageLang)]);
      }
      importRunning = true;
      try {
        return await runImport(request);
      } catch (error) {
        unread();
        throw error;
      } finally {
        importRunning = false;
      }
    },
  );

  async function runImport(request: FastifyRequest) {
    const dryRun = (request.query as { dryRun?: string }).dryRun === 'true';
    mark('start');
    const languages = await allLanguageCodes(app.db);
    const headers = headerKeys(def, ctx.record, languages.map((l) => l.code), app.config.timeZone);
    const sheet = await readSheet(await fileOf(request), {
      maxRows: app.config.importMaxRows,
      separatorOf: (line) => separatorOf(line, (h) => headerKey(headers, h) !== undefined),
      lang: request.messageLang,
      // Unknown columns are refused on the header, before a row is read.
      checkHeader(header) {
        const unknown = header.filter((h) => h && !headerKey(headers, h));
        if (unknown.length) {
          throw badRequest(said(TEXTS.unknownColumns, { columns: unknown.slice(0, 5).map((h) => `"${h.slice(0, 64)}"`).join(', '), plural }));
        }
      },
    });
    mark('read', { rows: sheet.rows.length });
    const columns = sheet.header.map((h) => headerKey(headers, h));
    if (!columns.includes('id')) throw badRequest(said(TEXTS.noIdColumn));
    const input = { sheet, columns, fields, languages };
    // The plan: every row through the resource's own commands, in slices of at most PLAN_SLICE_MS, each on a
    // transaction of its own that is rolled back. Between slices the connection is free (PGlite has one).
    const prepared = await prepareImport(ctx, app.db, request, input);
    mark('prepared');
    // Whatever the end (an answer, a refusal, an error), the rows the plan wrote and rolled back are vacuumed.
    try {
      const run = newRun();
      while (run.next < sheet.rows.length) {
        const from = run.next;
        const t0 = performance.now();
        await rolledBack(async (tx) => {
          await replanStatements(tx);
          await importRows(ctx, tx, request, input, prepared, run, performance.now() + PLAN_SLICE_MS);
        });
        mark('slice', { rows: run.next - from, ms: performance.now() - t0 });
        await new Promise((resolve) => setImmediate(resolve));
      }
      mark('planned');
      const planned = run.result;
      if (dryRun) return planned;
      if (planned.errors.length) throw importFailed(planned);
      // The apply: only a file the plan found clean, in one short transaction, through the resource's batched commands
      // (a few multi-row statements for the whole file). A record changed since the plan read it fails its row, and
      // nothing is kept.
      const headerOf = (key: string) => (columns.includes(key) ? sheet.header[columns.indexOf(key)] : null);
      try {
        const answer = await auditedWrite(app.db, request, async (tx) => {
          mark('tx-in');
          await replanStatements(tx);
          await touchTables(tx, importTables());
          const out = { result: planned, ...(await applyPlanned(ctx, tx, request, run.planned, languages, headerOf)) };
          mark('applied');
          return out;
        });
        mark('committed');
        return answer;
      } catch (error) {
        if (error instanceof ApplyFailed) throw importFailed({ ...planned, errors: error.errors });
        throw error;
      }
    } finally {
      await tidyAfterImport();
    }
  }

  /** The tables an import writes: its resource's own, the texts, the audit and the change events. */
  function importTables() {
    const own = Object.hasOwn(RESOURCE_TABLES, def.key) ? [getTableName(RESOURCE_TABLES[def.key as TabledResource].table)] : [];
    return [...new Set([...own, 'translation', 'definition', 'audit_log', 'change_event'])];
  }

  /**
   * The tables an import writes, vacuumed after it on PGlite (no autovacuum there): a plan leaves every row it wrote
   * behind as a dead one, and an apply changes the tables' sizes by thousands of rows.
   */
  async function tidyAfterImport() {
    try {
      await app.database.tidy?.(importTables());
    } catch (error) {
      app.log.warn({ err: error }, 'import: vacuum after the import failed');
    }
  }

  /** Runs `work` on a transaction of its own and rolls it back. */
  async function rolledBack(work: (tx: Tx) => Promise<unknown>) {
    try {
      await app.db.transaction(async (tx) => {
        await work(tx);
        throw new DryRun();
      });
    } catch (error) {
      if (!(error instanceof DryRun)) throw error;
    }
  }
}

/** 400 with the answer: the file has errors, and nothing was imported. */
function importFailed(result: ImportResult) {
  const n = result.errors.length;
  return new HttpError(400, said(n === 1 ? TEXTS.oneError : TEXTS.errors, { n: `${n}${result.truncated ? '+' : ''}` }), undefined, { ...result });
}

/** The uploaded file's byte stream: the multipart field `file`, within its size limit. */
async function fileOf(request: FastifyRequest): Promise<AsyncIterable<Buffer>> {
  if (!request.isMultipart()) throw badRequest(said(TEXTS.sendFile));
  let part;
  try {
    part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  } catch (error) {
    throw malformedForm(error);
  }
  if (!part || part.fieldname !== 'file') throw badRequest(said(TEXTS.sendFile));
  const stream = part.file;
  return (async function* () {
    try {
      for await (const chunk of stream) yield chunk as Buffer;
    } catch (error) {
      // A form cut off mid-file, a file over the limit: the parser's errors as 400/413, never a 500.
      throw malformedForm(error);
    }
    if (stream.truncated) throw new HttpError(413, MESSAGES.tooLarge[langOf(request.messageLang)]);
  })();
}
