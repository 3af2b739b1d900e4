/** The saved-query record as the API answers it. */
import { z } from 'zod';
import { savedQueryValueSchema } from '../schemas/saved-query';

export const savedQueryRecord = z.object({
  id: z.string(),
  /** The list's admin route. */
  resource: z.string(),
  name: z.string(),
  query: savedQueryValueSchema,
  shared: z.boolean(),
  /** Whether the caller owns it (only the owner renames, shares or deletes). */
  own: z.boolean(),
  owner: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type SavedQueryRecord = z.infer<typeof savedQueryRecord>;
