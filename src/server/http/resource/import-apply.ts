/**
 * The apply of a planned import, in one short transaction: the rows the plan wrote and rolled back
 * (`PlannedWrite`s) written again through the resource's batched commands (`batch-writes.ts`: permission, every
 * record's rules, versions, the write, the audit entries), each step a few multi-row statements for the whole file
 * rather than a few statements a row. A record edited since the plan read it (its version moved) fails its row, as a
 * change meanwhile; so does any refusal of the commands, named by the row it came from. The records' texts are their
 * own translations, written and audited here as the plan did it row by row.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { ItemFailed, notFound } from '../../errors';
import type { AuditEntry } from '../../repos/audit';
import { insertTranslations, loadTranslations, setTranslationTexts, type DefinitionRow } from '../../repos/translations';
import { createWrites, editWrites } from './batch-writes';
import type { ResourceContext } from './context';
import { newTextCode, rowErrors, type PlannedWrite, type RowError } from './import-rows';

type Rec = Record<string, unknown>;

/** The rows of a planned file that the apply refused: nothing of it is kept. */
export class ApplyFailed extends Error {
  constructor(readonly errors: RowError[]) {
    super('apply failed');
  }
}

/** Ids a batched read names at once. */
const BATCH = 500;

async function translationsOf(tx: Tx, ids: string[], lang: string) {
  const out = new Map<string, Awaited<ReturnType<typeof loadTranslations>>[number]>();
  for (let i = 0; i < ids.length; i += BATCH) for (const t of await loadTranslations(tx, ids.slice(i, i + BATCH), lang)) out.set(t.id, t);
  return out;
}

/**
 * Writes the records' texts: a record's own translation gets the texts given, a new record a new translation (its id
 * goes into the record's payload). Answers their audit entries, as the translation's own record reads.
 */
async function writeTexts(tx: Tx, key: string, translated: Set<string>, writes: { plan: PlannedWrite; data: Rec; current?: Rec }[], languages: Map<string, string>, lang: string) {
  const edited: { id: string; rows: DefinitionRow[] }[] = [];
  const created: { id: string; code: string; type: 'content'; rows: DefinitionRow[] }[] = [];
  for (const { plan, data, current } of writes) {
    for (const [field, texts] of Object.entries(plan.texts)) {
      if (!translated.has(field)) continue;
      const rows = Object.entries(texts).map(([code, value]) => ({ languageId: languages.get(code)!, value }));
      const own = current?.[`${field}TranslateId`];
      if (current && typeof own === 'string') edited.push({ id: own, rows });
      else {
        // A new record's stand-in id (or a record without its text yet) gets the translation written now.
        const id = randomUUID();
        created.push({ id, code: newTextCode(key, field), type: 'content', rows });
        data[field] = id;
      }
    }
  }
  const audits: AuditEntry[] = [];
  if (edited.length) {
    const ids = edited.map((e) => e.id);
    const before = await translationsOf(tx, ids, lang);
    await setTranslationTexts(tx, edited);
    const after = await translationsOf(tx, ids, lang);
    for (const id of ids) audits.push({ resource: 'translate', recordId: id, action: 'importEdit', before: before.get(id), after: after.get(id) });
  }
  await insertTranslations(tx, created);
  const codes = new Map([...languages].map(([code, id]) => [id, code]));
  for (const t of created) {
    const definition = Object.fromEntries(t.rows.map((r) => [codes.get(r.languageId)!, r.value]));
    audits.push({ resource: 'translate', recordId: t.id, action: 'importCreate', after: { code: t.code, definition } });
  }
  return audits;
}

/**
 * The planned writes applied on `tx`: answers the unit of work's audit entries and retired files, or throws
 * `ApplyFailed` with the rows refused (the caller's transaction then keeps nothing).
 */
export async function applyPlanned<R extends { id: string }, C, U>(
  ctx: ResourceContext<R, C, U>,
  tx: Tx,
  request: FastifyRequest,
  planned: PlannedWrite[],
  languages: { id: string; code: string }[],
  headerOf: (key: string) => string | null,
) {
  const lang = request.lang;
  const translated = new Set(Object.entries(ctx.def.fields as Record<string, { kind: string }>).flatMap(([k, f]) => (f.kind === 'translation' ? [k] : [])));
  const creates = planned.filter((p) => !p.current);
  const edits = planned.filter((p) => p.current);
  const rowOf =
    (list: PlannedWrite[]) =>
    (error: unknown): never => {
      const at = error instanceof ItemFailed ? list[error.index] : list[0];
      throw new ApplyFailed(rowErrors(error instanceof ItemFailed ? error.error : error, { row: at?.row ?? 0, cells: [] }, headerOf, request.messageLang));
    };
  const creating = creates.map((plan) => ({ plan, data: { ...plan.data } }));
  // The texts first, on the translations the plan read (a record whose version moved fails below, and all rolls back).
  const editing = edits.map((plan) => ({ plan, data: { ...plan.data }, current: plan.current }));
  const audits = await writeTexts(tx, ctx.def.key, translated, [...creating, ...editing], new Map(languages.map((l) => [l.code, l.id])), lang);
  // The records as they are now, their texts written: each must still be there, at the version the plan read.
  const fresh = await ctx.manyFrom(tx, edits.map((p) => String(p.current!.id)), lang);
  const gone = edits.find((p) => !fresh.has(String(p.current!.id)));
  if (gone) rowOf([gone])(notFound(ctx.named));
  const made = await createWrites(ctx, tx, request, creating.map((c) => c.data as C), 'importCreate').catch(rowOf(creates));
  const versionOf = (r: Rec) => (r.updatedAt instanceof Date ? r.updatedAt.getTime() : undefined);
  const batch = editing.map((e) => ({
    current: fresh.get(String(e.plan.current!.id))!,
    data: e.data as U,
    // A change meanwhile: the plan compared the row with another version of the record.
    matches: (stored: Date) => versionOf(e.plan.current!) === undefined || stored.getTime() === versionOf(e.plan.current!),
  }));
  const changed = await editWrites(ctx, tx, request, batch, 'importEdit').catch(rowOf(edits));
  return { audit: [...audits, ...made.audits, ...changed.audits], retireFiles: changed.retireFiles };
}
