/**
 * `POST audit/revert/{id}`: takes the change an audit entry recorded back, through the reverted resource's own
 * reverter (`resource/revert.ts`), in the action's one unit of work. The revert is audited itself (action `revert`,
 * `revertOf` naming the entry) and so can be reverted in its turn: a revert's effect is the opposite of its entry's.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REVERTIBLE_EFFECTS, type AuditAction } from '../../shared/audit-actions';
import { perm } from '../../shared/permissions';
import type { Tx } from '../db/client';
import { badRequest, conflict, forbidden, HttpError } from '../errors';
import { said, type Texts } from '../messages';
import { auditEntry, type StoredAuditEntry } from '../repos/audit';
import type { ActionResult, WriteInput } from './resource/types';
import type { Effect } from './resource/revert';

const REVERT_NEEDS = {
  uz: 'Bu yozuvni bekor qilish uchun {permission} ruxsati kerak',
  ru: 'Чтобы отменить эту запись, нужно право {permission}',
  en: 'Reverting this entry needs the {permission} permission',
};

const OPPOSITE: Record<Effect, Effect> = { create: 'delete', delete: 'create', edit: 'edit' };
/** What a revert of each effect does, and the permission it needs on the record's resource. */
const DOES: Record<Effect, { done: Done; permission: string }> = {
  edit: { done: 'edit', permission: 'edit' },
  delete: { done: 'restore', permission: 'create' },
  create: { done: 'delete', permission: 'delete' },
};
type Done = 'edit' | 'restore' | 'delete';

/** Why an action's entries cannot be reverted, for the 400. */
const SECOND_FACTOR = {
  uz: 'ikkinchi omil oʻz egasiga tegishli; uni egasining oʻzi yoqadi yoki oʻchiradi',
  ru: 'второй фактор принадлежит своему пользователю; он сам его включает или выключает',
  en: 'a second factor belongs to its user; they turn it on or off themselves',
};
const NOT_REVERTIBLE: Record<string, Texts> = {
  password: {
    uz: 'parol tarixda hech qachon saqlanmaydi; oʻrniga yangisini oʻrnating',
    ru: 'пароль никогда не хранится в истории; задайте новый',
    en: 'a password is never kept in the history; set a new one instead',
  },
  profile: { uz: 'foydalanuvchi oʻz profilini oʻzi tahrirlaydi', ru: 'пользователь сам редактирует свой профиль', en: 'a user edits their own profile themselves' },
  twoFactorEnable: SECOND_FACTOR,
  twoFactorDisable: SECOND_FACTOR,
  twoFactorLock: {
    uz: 'qulfni egasining tiklash kodi yoki administratorning ikki bosqichli kirishni tiklashi ochadi',
    ru: 'блокировку снимает резервный код пользователя или сброс двухфакторного входа администратором',
    en: 'a lock is lifted by its user’s recovery code or an admin’s two-factor reset',
  },
  recoveryCodes: {
    uz: 'tiklash kodlari tarixda hech qachon saqlanmaydi; oʻrniga yangilarini yarating',
    ru: 'резервные коды никогда не хранятся в истории; создайте новые',
    en: 'recovery codes are never kept in the history; make new ones instead',
  },
  twoFactorReset: {
    uz: 'ikkinchi omil oʻz egasiga tegishli; uni egasining oʻzi qayta sozlaydi',
    ru: 'второй фактор принадлежит своему пользователю; он сам настраивает его заново',
    en: 'a second factor belongs to its user; they set it up again themselves',
  },
  sessionEnd: { uz: 'tugagan seans davom ettirilmaydi; foydalanuvchi qayta kiradi', ru: 'завершённый сеанс не возобновить; пользователь входит снова', en: 'an ended session cannot be resumed; its user logs in again' },
  sessionsEnd: { uz: 'tugagan seanslar davom ettirilmaydi; foydalanuvchi qayta kiradi', ru: 'завершённые сеансы не возобновить; пользователь входит снова', en: 'ended sessions cannot be resumed; their user logs in again' },
  undo: {
    uz: 'bekor qilish moderatsiya qarorini qaytarib olgan; oʻrniga dacha boʻyicha qaytadan qaror qiling',
    ru: 'отмена уже вернула решение модерации; примите решение по даче заново',
    en: 'an undo took a moderation decision back; decide on the cottage again instead',
  },
};
const OTHERS = {
  uz: 'faqat yozuvlarni yaratish, tahrirlash va oʻchirishni qaytarib olish mumkin',
  ru: 'отменить можно только создание, изменение и удаление записей',
  en: 'only creates, edits and deletes of records can be taken back',
};
const TEXTS = {
  notRevertible: { uz: 'Bu yozuvni (“{action}”) bekor qilib boʻlmaydi: {why}', ru: 'Эту запись («{action}») нельзя отменить: {why}', en: 'This entry ("{action}") cannot be reverted: {why}' },
  chainGone: {
    uz: 'Bu bekor qilish qaytarib olgan yozuv tarixda endi yoʻq, shuning uchun uni bekor qilib boʻlmaydi',
    ru: 'Запись, которую отменила эта отмена, уже удалена из истории, поэтому её нельзя отменить',
    en: 'The entry this revert took back is no longer in the history, so it cannot be reverted',
  },
  noBody: {
    uz: 'Bu chaqiruv tana qabul qilmaydi: bekor qilinadigan oʻzgarishni jurnal yozuvi belgilaydi',
    ru: 'Этот вызов не принимает тело: отменяемое изменение задаёт запись журнала',
    en: 'This call takes no body: the audit entry names the change to revert',
  },
  noReverter: { uz: '“{resource}” oʻzgarishlarini bekor qilib boʻlmaydi', ru: 'Изменения «{resource}» нельзя отменить', en: 'Changes of "{resource}" cannot be reverted' },
  cannot: { uz: 'Bekor qilib boʻlmaydi: {reason}', ru: 'Нельзя отменить: {reason}', en: 'Cannot revert: {reason}' },
} as const;

export const revertAnswer = z.object({
  /** The entry taken back. */
  revertOf: z.string(),
  resource: z.string(),
  recordId: z.string(),
  /** What the revert did to the record: fields put back, the record brought back, or deleted. */
  done: z.enum(['edit', 'restore', 'delete']),
  fields: z.array(z.string()),
  /** What the caller could not bring back with the record (a role's members above them), and why: in their language. */
  leftOut: z.array(z.string()),
});
type RevertAnswer = z.infer<typeof revertAnswer>;

/** What the entry did, following a revert's chain to the entry it took back (opposite at each step). */
async function effectOf(tx: Tx, entry: StoredAuditEntry, depth = 0): Promise<Effect> {
  if (entry.action !== 'revert') {
    const effect = REVERTIBLE_EFFECTS[entry.action as AuditAction];
    if (effect) return effect;
    const why = NOT_REVERTIBLE[entry.action] ?? OTHERS;
    throw badRequest(said(TEXTS.notRevertible, { action: entry.action, why: said(why) }));
  }
  const reverted = entry.revertOf && depth < 1000 ? await auditEntry(tx, entry.revertOf) : undefined;
  if (!reverted) throw conflict(said(TEXTS.chainGone));
  return OPPOSITE[await effectOf(tx, reverted, depth + 1)];
}

const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || body === '' || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

export function revertEntry(app: FastifyInstance) {
  return async (tx: Tx, input: WriteInput<undefined>, entry: StoredAuditEntry): Promise<ActionResult<RevertAnswer>> => {
    // The entry names everything; a body sent anyway (`[1]`, `{"fields": …}`) is a caller's mistake, not a wish.
    if (!isEmptyBody(input.request.body)) throw badRequest(said(TEXTS.noBody));
    const effect = await effectOf(tx, entry);
    const reverter = app.reverters.get(entry.resource);
    if (!reverter) throw badRequest(said(TEXTS.noReverter, { resource: entry.resource }));
    const { done, permission } = DOES[effect];
    const needed = perm(entry.resource, permission);
    if (!input.user.permissions.has(needed)) throw forbidden(said(REVERT_NEEDS, { permission: needed }));
    let reverted;
    try {
      reverted = await reverter(tx, input.request, entry, effect);
    } catch (error) {
      // A translation or link the record needs that is gone is a conflict of this revert, not an unknown address.
      if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(409, said(TEXTS.cannot, { reason: error.said }), error.saidFields);
      throw error;
    }
    const { before, after, fields, snapshot, retireFiles, leftOut = [] } = reverted;
    return {
      answer: { revertOf: entry.id, resource: entry.resource, recordId: entry.recordId, done, fields, leftOut },
      audit: { resource: entry.resource, recordId: entry.recordId, before, after, snapshot, revertOf: entry.id },
      retireFiles,
    };
  };
}
