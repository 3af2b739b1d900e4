import { z } from 'zod';

export const translationRecord = z.object({
  id: z.string(),
  code: z.string(),
  type: z.string(),
  /** Computed: `active` while a record uses the translation. */
  status: z.enum(['active', 'inactive']),
  /** The text in the request's language (with the usual fallbacks). */
  value: z.string(),
  definition: z.array(z.object({ value: z.string(), language: z.object({ id: z.string(), code: z.string() }) })),
  /** The record field that uses it, if any. */
  usedBy: z.object({ resource: z.string(), id: z.string(), field: z.string(), name: z.string() }).nullable(),
  createdAt: z.date(),
});
export type TranslationRecord = z.infer<typeof translationRecord>;
