/**
 * The moderation desk's calls on cottages (issue #25), as builder actions with `cottage.moderate`:
 * `POST cottage/claim` hands the caller the next queued cottage (204 when none), `DELETE cottage/claim/{id}` releases
 * it, `POST cottage/undo/{id}` takes the caller's last decision back within a minute; beside them the reads
 * `GET cottage/claims` (who holds what) and `GET cottage/desk/{id}` (medians, owner, history).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict } from '../errors';
import { resources } from '../../shared/resources';
import { perm } from '../../shared/permissions';
import { cottageRecord } from '../../shared/records/cottage';
import { action } from '../http/resource/actions';
import { loadOne } from '../http/resource/context';
import { claimNext, liveClaimOf, liveClaims, oneClaimAtATime, releaseClaim, releaseOtherClaims, type LiveClaim } from '../repos/cottage-claims';
import { loadCottages } from '../repos/cottages';
import { publishChange } from '../repos/events';
import type { DbOrTx } from '../db/client';
import { deskRoutes } from './cottage-desk';
import { said } from '../messages';
import { recordLabel } from '../labels';

const TEXTS = {
  held: { uz: 'Bu dachani {name} koʻrib chiqmoqda', ru: 'Эту дачу рассматривает {name}', en: '{name} holds this cottage' },
  expiresAt: { uz: 'expiresAt sana va vaqt boʻlishi kerak', ru: 'expiresAt должен быть датой и временем', en: 'expiresAt must be a date and time' },
  invalidDate: { uz: 'Notoʻgʻri sana', ru: 'Неверная дата', en: 'Invalid date' },
} as const;

const { api } = resources.cottage;

const claimSchema = z
  .object({ userId: z.string(), userName: z.string(), expiresAt: z.date() })
  .meta({ description: 'Who holds the cottage and until when' });
const liveClaimSchema = z.object({ cottageId: z.string(), userId: z.string(), userName: z.string(), expiresAt: z.date() });
export const claimedCottage = cottageRecord.extend({ claim: claimSchema.nullable() });

/** The claim as the releasing page knew it (its `expiresAt`), if it says. */
const knownExpiry = z.iso.datetime({ offset: true }).transform((v) => new Date(v)).optional();

const claimBody = z
  .object({ skip: z.array(z.uuid()).max(1000).optional().meta({ description: 'Cottages the desk skipped this session: never handed out' }) })
  .strict();

/** The cottage as GET cottage/{id} answers it, with its live claim. */
export async function cottageWithClaim(db: DbOrTx, id: string, lang: string) {
  const [cottage, claim] = [await loadOne(db, loadCottages, recordLabel('cottage', 'Cottage'), id, lang), await liveClaimOf(db, id)];
  return { ...cottage, claim: claim ? { userId: claim.userId, userName: claim.userName, expiresAt: claim.expiresAt } : null };
}

export const claimActions = [
  action({
    method: 'post',
    path: api.claim,
    permission: 'moderate',
    description:
      "Claims the next cottage of the moderation queue for the caller, for CLAIM_MINUTES: the caller's own live claim first (renewed), else the oldest cottage in progress nobody holds (an expired claim is free), never one of `skip`. 204 when the queue has none. Two claims never get the same cottage, whichever process serves them. The body may be left out",
    body: { schema: claimBody, optional: true },
    answer: { 200: claimedCottage, 204: z.null().meta({ description: 'The queue has no cottage for the caller' }) },
    async run(tx, { data, user, request, lang }) {
      const minutes = request.server.config.claimMinutes;
      const skip = data?.skip ?? [];
      await oneClaimAtATime(tx, user.id);
      // A claim whose snapshot predates a concurrent one's commit finds its cottage taken: once more, afresh.
      const id = (await claimNext(tx, user.id, skip, minutes)) ?? (await claimNext(tx, user.id, skip, minutes));
      // One cottage per moderator: a skipped one (or any other the caller held) goes back to the queue.
      const released = await releaseOtherClaims(tx, user.id, id);
      if (released.length) await publishChange(tx, { resource: 'cottage', ids: released, action: 'release' });
      if (!id) return { answer: null, status: 204 };
      await publishChange(tx, { resource: 'cottage', ids: [id], action: 'claim' });
      return { answer: await cottageWithClaim(tx, id, lang) };
    },
  }),
  action({
    method: 'delete',
    path: api.release,
    permission: 'moderate',
    description:
      "Releases the caller's claim on the cottage (nothing to do when there is none); a colleague's live claim answers 409 naming them. `?expiresAt=<the claim's expiresAt>` releases it only if it was not renewed since (a page that goes away while its reload claims again)",
    answer: { 204: z.null().meta({ description: 'The cottage is not claimed by the caller any more' }) },
    async run(tx, { user, request }, cottage: { id: string }) {
      const holder = await liveClaimOf(tx, cottage.id);
      if (holder && holder.userId !== user.id) throw conflict(said(TEXTS.held, { name: holder.userName }));
      const known = knownExpiry.safeParse((request.query as Record<string, unknown>).expiresAt);
      if (!known.success) throw badRequest(said(TEXTS.expiresAt), { expiresAt: said(TEXTS.invalidDate) });
      if (await releaseClaim(tx, cottage.id, user.id, known.data)) await publishChange(tx, { resource: 'cottage', ids: [cottage.id], action: 'release' });
      return { answer: null, status: 204 };
    },
  }),
];

/** The plain reads beside the actions. */
export function claimRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/cottage/claims',
    {
      onRequest: app.requirePermission(perm('cottage', 'list')),
      schema: {
        tags: ['cottage'],
        description: "The live claims on the moderation queue, the oldest first: the queue's \"held by\" and the edit page's notice",
        response: { 200: z.array(liveClaimSchema) },
      },
    },
    async (): Promise<LiveClaim[]> => liveClaims(app.db),
  );
  deskRoutes(app);
}

