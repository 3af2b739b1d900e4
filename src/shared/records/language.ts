import { z } from 'zod';

export const languageRecord = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  /** How many definitions are written in this language (the admin asks before deleting those). */
  definitions: z.number(),
  createdAt: z.date(),
});
export type LanguageRecord = z.infer<typeof languageRecord>;
