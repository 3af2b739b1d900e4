/**
 * Rejection reason templates of the moderation desk (issue #25): one text per language, in the desk's order. Read
 * and written with `cottage.moderate` (the moderators' own tool), not a registry resource: no permission group of
 * their own on the roles screen.
 */
import { z } from 'zod';

export const MODERATION_REASON_API = {
  list: 'moderation-reason',
  one: 'moderation-reason/:id',
  create: 'moderation-reason/add',
  update: 'moderation-reason/edit/:id',
  delete: 'moderation-reason/delete/:id',
} as const;

const REASON_MAX = 500;

const text = (language: string) =>
  z
    .string({ message: `The ${language} text is required` })
    .trim()
    .min(1, `The ${language} text is required`)
    .max(REASON_MAX, `The ${language} text is at most ${REASON_MAX} characters`);
const position = z.number({ message: 'position must be a whole number' }).int('position must be a whole number').min(0).max(100_000);

export const moderationReasonCreateSchema = z
  .object({ uz: text('Uzbek'), ru: text('Russian'), en: text('English'), position: position.optional() })
  .strict();
export const moderationReasonEditSchema = moderationReasonCreateSchema.partial().strict();
export type ModerationReasonCreate = z.infer<typeof moderationReasonCreateSchema>;
export type ModerationReasonEdit = z.infer<typeof moderationReasonEditSchema>;

export const moderationReasonRecord = z.object({
  id: z.string(),
  position: z.number().int(),
  uz: z.string(),
  ru: z.string(),
  en: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ModerationReasonRecord = z.infer<typeof moderationReasonRecord>;

/** Templates there may be at most: the desk picks the first nine by digit, the rest from its list. */
export const MODERATION_REASONS_MAX = 100;
