/**
 * A resource's create and edit commands over many records at once (an import's apply): the same steps as
 * `createWrite`/`editWrite` in `writes.ts` — the permission, every record's per-record rules and references, the versions (every row
 * held until the commit), the write, the records as they are after it, their versions moved on and their audit
 * entries — but each step a few set-based statements for the whole batch rather than a few per record. The write is
 * the resource's own `writeMany` (a form's write is its batch of one), or its `write` record by record when it has none.
 * A record's refusal is an `ItemFailed` naming it by its index; the caller's unit of work records the audit entries in
 * multi-row inserts and publishes one change event per action.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../shared/audit-actions';
import type { Tx } from '../../db/client';
import { atItem, ItemFailed, notFound } from '../../errors';
import { bumpVersions, changed, lockVersions } from '../../query/versions';
import type { AuditEntry } from '../../repos/audit';
import { secretsSent } from '../../rules/audit-changes';
import type { ResourceContext } from './context';
import { checkReferencesMany } from './references';
import { assertPermitted } from './writes';

type Rec = Record<string, unknown>;

/** Runs `work` for each item in turn (a write without its batch form); a failure names its item. */
async function eachIn<T, V>(items: T[], work: (item: T, index: number) => Promise<V>): Promise<V[]> {
  const out: V[] = [];
  for (const [index, item] of items.entries()) out.push(await atItem(index, () => work(item, index)));
  return out;
}

/** The create command for many records on `tx`: their ids and audit entries, in the order given. */
export async function createWrites<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>, tx: Tx, request: FastifyRequest, datas: C[], action: AuditAction) {
  const user = request.user!;
  assertPermitted(ctx.def.key, user, 'create');
  const rule = ctx.cfg.rules?.create;
  if (rule) await eachIn(datas, (data) => rule(tx, user, (data ?? {}) as Rec));
  await checkReferencesMany(tx, ctx.def.key, datas.map((data) => ({ values: (data ?? {}) as Rec })));
  const create = ctx.cfg.create!;
  const inputs = datas.map((data) => ctx.input(request, data, []));
  const ids = create.writeMany ? await create.writeMany(tx, inputs) : await eachIn(inputs, (input) => create.write(tx, input));
  const after = await ctx.manyFrom(tx, ids, request.lang);
  const audits: AuditEntry[] = ids.map((id, i) => ({ resource: ctx.def.key, recordId: id, action, after: after.get(id), extra: secretsSent(datas[i]) }));
  return { ids, audits };
}

interface BatchEdit<R, U> {
  current: R;
  data: U;
  /** The version the change is based on (409 when the stored one is another); none: any. */
  matches?: (stored: Date) => boolean;
}

/**
 * The edit command for many records on `tx`: rules, every row held and its version checked, the write, the versions of
 * the records that changed moved on; their audit entries (before → after) and the files they no longer refer to.
 */
export async function editWrites<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>, tx: Tx, request: FastifyRequest, edits: BatchEdit<R, U>[], action: AuditAction) {
  const user = request.user!;
  assertPermitted(ctx.def.key, user, 'edit');
  const rule = ctx.cfg.rules?.edit;
  if (rule) await eachIn(edits, (e) => rule(tx, user, e.current, (e.data ?? {}) as Rec));
  await checkReferencesMany(tx, ctx.def.key, edits.map((e) => ({ values: (e.data ?? {}) as Rec, current: e.current })));
  const ids = edits.map((e) => e.current.id);
  if (ctx.versions) {
    const stored = await lockVersions(tx, ctx.versions, ids);
    for (const [index, e] of edits.entries()) {
      const version = stored.get(e.current.id);
      if (!version) throw new ItemFailed(index, notFound(ctx.named));
      if (e.matches && !e.matches(version)) throw new ItemFailed(index, await ctx.conflictOf(tx, e.current.id, request.lang));
    }
  }
  const update = ctx.cfg.update!;
  const items = edits.map((e) => ({ input: ctx.input(request, e.data, []), current: e.current }));
  if (update.writeMany) await update.writeMany(tx, items);
  else await eachIn(items, ({ input, current }) => update.write(tx, input, current));
  const after = await ctx.manyFrom(tx, ids, request.lang);
  const moved = ctx.versions ? ids.filter((id, i) => after.has(id) && changed(edits[i].current, after.get(id)!)) : [];
  const versions = ctx.versions && moved.length ? await bumpVersions(tx, ctx.versions, moved) : new Map<string, Date>();
  const audits: AuditEntry[] = [];
  const retireFiles: string[] = [];
  for (const [i, e] of edits.entries()) {
    const written = versions.has(e.current.id) ? { ...after.get(e.current.id)!, updatedAt: versions.get(e.current.id) } : after.get(e.current.id)!;
    audits.push({ resource: ctx.def.key, recordId: e.current.id, action, before: e.current, after: written, extra: secretsSent(edits[i].data) });
    retireFiles.push(...ctx.dropped(e.current, written));
  }
  return { audits, retireFiles };
}
