/** An audit history entry as the API answers it (`GET audit`). */
import { z } from 'zod';

export const auditChange = z.object({ before: z.unknown(), after: z.unknown() });

export const auditRecord = z.object({
  id: z.string(),
  createdAt: z.date(),
  /** Who wrote (kept after the user is deleted); null for writes made without a login. */
  userId: z.string().nullable(),
  /** The user's name (or username) at the time of the write. */
  userName: z.string(),
  sessionId: z.string().nullable(),
  /** The API key the write came through, and its name then (issue #36); null for a login's write. */
  apiKeyId: z.string().nullable().optional(),
  apiKeyName: z.string().nullable().optional(),
  /** The registry key of the resource written, e.g. `cottageType`. */
  resource: z.string(),
  recordId: z.string(),
  /** How the record reads now (its name, username, code…), or by the name its change last had once deleted. */
  recordName: z.string().nullable().optional(),
  /** `create`, `edit`, `delete`, `image`, `bulkDelete`, `bulkEdit`, `password`, `activate`… */
  action: z.string(),
  /** Field → {before, after}; secrets never appear (a changed password shows as hidden on both sides). */
  changes: z.record(z.string(), auditChange),
  /** A revert's entry: the id of the entry it took back. */
  revertOf: z.string().nullable().optional(),
});
export type AuditRecord = z.infer<typeof auditRecord>;
export type AuditChange = z.infer<typeof auditChange>;
