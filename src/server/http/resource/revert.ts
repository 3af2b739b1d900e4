/**
 * How one resource takes a change of its audit history back (`POST audit/revert/{id}`, `http/revert.ts`), with the
 * builder's own parts: its loader (404 → 409: the record is gone), its version lock, its delete check and write, its
 * files. What a revert does depends on what the entry did:
 * - an edit: the fields it changed that are the record's own columns (or links the resource declares) go back to their
 *   `before` values;
 * - a delete: the snapshot's rows come back (the record with its id, its translations claimed again, its links) and
 *   its retired files are taken back;
 * - a create: the record is deleted as its delete route would (the same dependents check).
 * Each refuses with 409 naming the fields that changed since the entry (compared with its `after`). Each runs the
 * resource's rules (`cfg.rules`, `remove.check`) as the caller, as if they had typed the change into the form: a revert
 * never does what the caller could not do directly. A deleted record whose children the caller may not bring back
 * (a role's members above them) comes back without them, and the answer names them (`leftOut`).
 */
import type { FastifyRequest } from 'fastify';
import { getTableName } from 'drizzle-orm';
import type { AuditEffect } from '../../../shared/audit-actions';
import type { Tx } from '../../db/client';
import type { RecordSnapshot } from '../../db/schema';
import { RESOURCE_TABLES, type TabledResource } from '../../db/tables';
import { badRequest, conflict, HttpError } from '../../errors';
import { bumpVersion } from '../../query/versions';
import type { StoredAuditEntry } from '../../repos/audit';
import { reclaimFiles } from '../../repos/retired-files';
import { columnFields, restoreColumns, restoreSnapshot } from '../../repos/snapshots';
import type { ResourceContext } from './context';
import { removeWrite } from './writes';
import { said } from '../../messages';

/** What an entry did to its record, and so what its revert undoes. */
export type Effect = AuditEffect;

interface Reverted {
  before: object | null;
  after: object | null;
  /** The fields that went back. */
  fields: string[];
  snapshot?: RecordSnapshot;
  retireFiles?: string[];
  /** What a restore left out, and why, in the request's language. */
  leftOut?: string[];
}

type Reverter = (tx: Tx, request: FastifyRequest, entry: StoredAuditEntry, effect: Effect) => Promise<Reverted>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Each resource's reverter, by registry key (set by the route builder). */
    reverters: Map<string, Reverter>;
  }
}

/** A value as the audit history stores it, links (arrays of records) as their ids: what "changed since" compares. */
function auditedValueText(value: unknown): string {
  const json = JSON.parse(JSON.stringify(value ?? null)) as unknown;
  if (Array.isArray(json) && json.every((v) => v && typeof v === 'object' && 'id' in v)) return JSON.stringify(json.map((v) => (v as { id: unknown }).id));
  return JSON.stringify(json);
}

/** 409 naming the fields whose value is no longer the entry's `after`: a revert never erases later work. */
function assertUnchanged(current: object, entry: StoredAuditEntry, fields: string[]) {
  const now = current as Record<string, unknown>;
  const changed = fields.filter((f) => auditedValueText(now[f]) !== auditedValueText(entry.changes[f]?.after));
  if (!changed.length) return;
  throw new HttpError(409, said(TEXTS.changedSince, { fields: changed.join(', ') }), Object.fromEntries(changed.map((f) => [f, said(TEXTS.changedField)])));
}

const TEXTS = {
  changedSince: {
    uz: 'Bu yozuvdan keyin oʻzgargan: {fields}. Bekor qilish keyingi oʻzgarishni oʻchirib yuboradi; avval keyingi yozuvlarni bekor qiling',
    ru: 'Изменилось после этой записи: {fields}. Отмена стёрла бы более позднее изменение; сначала отмените более поздние записи',
    en: 'Changed since this entry: {fields}. Reverting would erase that later change; revert the later entries first',
  },
  changedField: { uz: 'Bu yozuvdan keyin oʻzgargan', ru: 'Изменилось после этой записи', en: 'Changed since this entry' },
  deletedSince: {
    uz: 'Bu yozuv ushbu oʻzgarishdan keyin oʻchirilgan; avval uning oʻchirilishini bekor qiling',
    ru: 'Эта запись удалена после этого изменения; сначала отмените её удаление',
    en: 'This {label} was deleted after this change; revert its delete first',
  },
  beyond: {
    uz: 'Bu yozuv {fields} ni oʻzgartirgan, buni bekor qilish qaytara olmaydi; uni qoʻlda oʻzgartiring',
    ru: 'Эта запись изменила {fields}, а это отмена вернуть не может; измените вручную',
    en: 'This entry changed {fields}, which a revert cannot put back; change that by hand',
  },
  beyondField: { uz: 'Bekor qilish buni qaytara olmaydi', ru: 'Отмена не может это вернуть', en: 'Cannot be put back by a revert' },
  nothing: { uz: 'Bu yozuv oʻzgartirgan hech narsani qaytarib boʻlmaydi', ru: 'Ничего из изменённого этой записью вернуть нельзя', en: 'Nothing this entry changed can be put back' },
  fileGone: {
    uz: 'Bu yozuvning oldingi fayli endi saqlanmaydi; oʻrniga uni qayta yuklang',
    ru: 'Прежний файл этой записи больше не хранится; загрузите его заново',
    en: 'The earlier file of this record is no longer kept; upload it again instead',
  },
  userGone: {
    uz: 'Oʻchirilgan foydalanuvchini qaytarib boʻlmaydi: tarix parollarni hech qachon saqlamaydi. Hisobni qayta yarating',
    ru: 'Удалённого пользователя нельзя вернуть: история никогда не хранит пароли. Создайте учётную запись заново',
    en: 'A deleted user cannot be brought back: the history never keeps passwords. Create the account again',
  },
  noSnapshot: {
    uz: 'Bu oʻchirish oʻchirilgan yozuvsiz qayd etilgan (oldingi oʻchirishlar uni saqlamagan), shuning uchun uni bekor qilib boʻlmaydi',
    ru: 'Это удаление записано без удалённой записи (раньше удаления её не сохраняли), поэтому его нельзя отменить',
    en: 'This delete was recorded without the deleted record (before deletes kept it), so it cannot be reverted',
  },
  existsAgain: {
    uz: 'Shu identifikatorli yozuv yana mavjud; qaytaradigan narsa yoʻq',
    ru: 'Запись с этим идентификатором снова существует; возвращать нечего',
    en: 'A {label} with this id exists again; nothing to bring back',
  },
  filesSwept: {
    uz: 'Bu yozuvning fayllari saqlash muddatidan keyin oʻchirilgan; uni toʻliq qaytarib boʻlmaydi',
    ru: 'Файлы этой записи удалены по истечении срока хранения; целиком её не вернуть',
    en: 'The files of this {label} were removed after the retention period; it cannot be brought back whole',
  },
  noDelete: {
    uz: 'Bunday yozuvni oʻchirib boʻlmaydi, shuning uchun uning yaratilishini bekor qilib boʻlmaydi',
    ru: 'Такую запись нельзя удалить, поэтому её создание нельзя отменить',
    en: 'A {label} cannot be deleted, so its creation cannot be reverted',
  },
} as const;

export function reverterOf<R extends { id: string }, C, U>(ctx: ResourceContext<R, C, U>): Reverter | undefined {
  const { cfg, def, label } = ctx;
  if (!(def.key in RESOURCE_TABLES)) return undefined;
  const key = def.key as TabledResource;
  const links = cfg.revertLinks;
  const own = new Set([...columnFields(key), ...(links?.fields ?? [])]);
  const ownFields = (entry: StoredAuditEntry) => Object.keys(entry.changes).filter((f) => own.has(f));
  /**
   * Changed fields a revert cannot put back: neither the record's own nor shown from one that is (a name's text beside
   * its `nameTranslateId`, a nested `region` beside `regionId`) — a user's roles, a cottage's image rows, a password.
   */
  const beyondReach = (changes: Record<string, unknown>) =>
    Object.keys(changes).filter((f) => !own.has(f) && !links?.derived?.includes(f) && !(`${f}Id` in changes) && !(`${f}TranslateId` in changes));

  /** The record now, or 409: it was deleted after the entry. */
  const present = (tx: Tx, id: string, lang: string) =>
    ctx.oneFrom(tx, id, lang).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) throw conflict(said(TEXTS.deletedSince, { label: label.toLowerCase() }));
      throw error;
    });

  async function undoEdit(tx: Tx, request: FastifyRequest, entry: StoredAuditEntry): Promise<Reverted> {
    const lang = request.lang;
    const current = await present(tx, entry.recordId, lang);
    await ctx.checkVersion(tx, current.id, lang, undefined);
    const lost = beyondReach(entry.changes);
    if (lost.length) {
      const fields = Object.fromEntries(lost.map((f) => [f, said(TEXTS.beyondField)]));
      throw badRequest(said(TEXTS.beyond, { fields: lost.join(', ') }), fields);
    }
    const fields = ownFields(entry);
    if (!fields.length) throw badRequest(said(TEXTS.nothing));
    assertUnchanged(current, entry, fields);
    const before = (f: string) => entry.changes[f].before;
    await cfg.rules?.edit?.(tx, request.user!, current, Object.fromEntries(fields.map((f) => [f, before(f)])));
    const columns = Object.fromEntries(fields.filter((f) => !links?.fields.includes(f)).map((f) => [f, before(f)]));
    await restoreColumns(tx, key, current.id, columns, lang);
    const linked = fields.filter((f) => links?.fields.includes(f));
    if (links && linked.length) await links.write(tx, current.id, Object.fromEntries(linked.map((f) => [f, before(f)])));
    if (ctx.versions) await bumpVersion(tx, ctx.versions, current.id);
    const after = await ctx.oneFrom(tx, current.id, lang);
    // A file the earlier version used comes back only while it is still kept (a deleted record's, for DELETED_FILES_DAYS).
    const kept = ctx.filesOf(current);
    const back = [...ctx.filesOf(after)].filter((p) => !kept.has(p));
    const reclaimed = await reclaimFiles(tx, back);
    if (back.some((p) => !reclaimed.has(p))) throw conflict(said(TEXTS.fileGone));
    return { before: current, after, fields, retireFiles: ctx.dropped(current, after) };
  }

  async function undoDelete(tx: Tx, request: FastifyRequest, entry: StoredAuditEntry): Promise<Reverted> {
    if (!entry.snapshot) {
      throw conflict(said(key === 'user' ? TEXTS.userGone : TEXTS.noSnapshot));
    }
    const [again] = await cfg.load(tx, [entry.recordId], request.lang);
    if (again) throw conflict(said(TEXTS.existsAgain, { label: label.toLowerCase() }));
    const user = request.user!;
    const { snapshot, leftOut } = (await cfg.rules?.restore?.(tx, user, entry.snapshot, request.messageLang)) ?? { snapshot: entry.snapshot, leftOut: [] };
    const own = snapshot.rows[getTableName(RESOURCE_TABLES[key].table)]?.[0] ?? {};
    await cfg.rules?.create?.(tx, user, own);
    await restoreSnapshot(tx, key, snapshot, request.lang);
    const kept = await reclaimFiles(tx, snapshot.files);
    if (snapshot.files.some((p) => !kept.has(p))) throw conflict(said(TEXTS.filesSwept, { label: label.toLowerCase() }));
    if (ctx.versions) await bumpVersion(tx, ctx.versions, entry.recordId);
    const after = await ctx.oneFrom(tx, entry.recordId, request.lang);
    return { before: null, after, fields: Object.keys(after), leftOut };
  }

  async function undoCreate(tx: Tx, request: FastifyRequest, entry: StoredAuditEntry): Promise<Reverted> {
    const remove = cfg.remove;
    if (!remove) throw badRequest(said(TEXTS.noDelete, { label: label.toLowerCase() }));
    const current = await present(tx, entry.recordId, request.lang);
    await ctx.checkVersion(tx, current.id, request.lang, undefined);
    assertUnchanged(current, entry, ownFields(entry));
    const { audit } = await removeWrite(ctx, tx, request, current, 'delete');
    const snapshot = [audit ?? []].flat()[0]?.snapshot;
    // Retired even without a snapshot (a user's image): a revert of this revert may be taken back in its turn.
    return { before: current, after: null, fields: Object.keys(current), snapshot, retireFiles: [...ctx.filesOf(current)] };
  }

  return (tx, request, entry, effect) => (effect === 'edit' ? undoEdit : effect === 'delete' ? undoDelete : undoCreate)(tx, request, entry);
}
