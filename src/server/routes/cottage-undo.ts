/**
 * `POST cottage/undo/{id}`: the desk's Undo. Takes back the caller's own latest decision on the cottage while it is at
 * most `UNDO_SECONDS` old and nothing changed the cottage since (its latest audit entry is that decision): the status
 * goes back, the owner's notice of the decision is deleted, and a cottage back in progress is the caller's claim again.
 */
import { conflict } from '../errors';
import { resources } from '../../shared/resources';
import { COTTAGE_STATUSES, type CottageStatus } from '../../shared/enums';
import type { CottageRecord } from '../../shared/records/cottage';
import { action } from '../http/resource/actions';
import { loadOne } from '../http/resource/context';
import { claimFor, releaseOtherClaims } from '../repos/cottage-claims';
import { holdCottage, latestCottageEntry, withdrawNotice } from '../repos/cottage-moderation';
import { loadCottages, updateCottage } from '../repos/cottages';
import { publishChange } from '../repos/events';
import { claimedCottage, cottageWithClaim } from './cottage-claims';
import { said } from '../messages';
import { recordLabel } from '../labels';

const TEXTS = {
  notYours: {
    uz: 'Bekor qiladigan narsa yoʻq: bu dachaning oxirgi oʻzgarishi sizning qaroringiz emas',
    ru: 'Отменять нечего: последнее изменение этой дачи — не ваше решение',
    en: 'There is nothing to undo: the latest change of this cottage is not your decision',
  },
  tooOld: {
    uz: 'Qaroringiz {seconds} soniyadan eski va endi uni bekor qilib boʻlmaydi',
    ru: 'Вашему решению больше {seconds} секунд, его уже нельзя отменить',
    en: 'Your decision is older than {seconds} seconds and can no longer be undone',
  },
  changedSince: {
    uz: 'Qaroringizdan keyin dacha oʻzgargan; uni bekor qilib boʻlmaydi',
    ru: 'После вашего решения дача изменилась; отменить нельзя',
    en: 'The cottage changed after your decision; it cannot be undone',
  },
} as const;

/** How long a decision may be undone; the desk's toast offers it for 10 s, the server allows for a slow network. */
const UNDO_SECONDS = 60;

const DECISIONS = new Set(['edit', 'bulkEdit']);
const isStatus = (value: unknown): value is CottageStatus => COTTAGE_STATUSES.includes(value as CottageStatus);

export const undoActions = [
  action({
    method: 'post',
    path: resources.cottage.api.undo,
    permission: 'moderate',
    audit: 'undo',
    description: `Takes back the caller's own latest decision (cottageStatus change) on the cottage, at most ${UNDO_SECONDS} s old and with no change to the cottage since: the status goes back, the owner's notification of it is deleted, and a cottage back in progress is claimed for the caller again. 409 otherwise, saying why`,
    answer: claimedCottage,
    async run(tx, { user, request, lang }, loaded: CottageRecord) {
      // Hold the row first, then read the status and the latest entry afresh: a colleague's decision committed while
      // this waited (or a second Undo of the same decision) is then seen, and refused below, not overwritten.
      await holdCottage(tx, loaded.id);
      const current = await loadOne(tx, loadCottages, recordLabel('cottage', 'Cottage'), loaded.id, lang);
      const entry = await latestCottageEntry(tx, current.id);
      const change = entry?.changes.cottageStatus;
      const isDecision = entry && DECISIONS.has(entry.action) && change && isStatus(change.before) && isStatus(change.after);
      if (!entry || !isDecision || entry.userId !== user.id) {
        throw conflict(said(TEXTS.notYours));
      }
      if (entry.ageSeconds > UNDO_SECONDS) throw conflict(said(TEXTS.tooOld, { seconds: UNDO_SECONDS }));
      if (current.cottageStatus !== change.after) throw conflict(said(TEXTS.changedSince));
      const before = change.before as CottageStatus;
      const notice = await withdrawNotice(tx, current, change.after as CottageStatus, entry.id);
      await updateCottage(tx, current.id, { cottageStatus: before });
      if (before === 'progress') {
        await claimFor(tx, current.id, user.id, request.server.config.claimMinutes);
        // The cottage the desk moved on to goes back to the queue: one cottage per moderator.
        const released = await releaseOtherClaims(tx, user.id, current.id);
        if (released.length) await publishChange(tx, { resource: 'cottage', ids: released, action: 'release' });
      }
      await publishChange(tx, { resource: 'cottage', ids: [current.id], action: 'undo' });
      const after = await loadOne(tx, loadCottages, recordLabel('cottage', 'Cottage'), current.id, lang);
      const extra = notice ? { ownerNotification: { before: notice, after: null } } : undefined;
      return { answer: await cottageWithClaim(tx, current.id, lang), audit: { recordId: current.id, before: current, after, extra } };
    },
  }),
];
