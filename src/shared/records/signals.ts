import { z } from 'zod';

import { SIGNAL_KINDS, SIGNAL_SEVERITIES } from '../signals';

export const signalRecord = z.object({
  kind: z.enum(SIGNAL_KINDS),
  severity: z.enum(SIGNAL_SEVERITIES),
  /** Why, in the request's language. */
  message: z.string(),
  /** What matched, where, the numbers: by kind (docs/decisions.md, "Moderation signals"). */
  evidence: z.record(z.string(), z.unknown()),
  /** The other cottage it concerns (a twin pin, a copied description), if any. */
  relatedId: z.string().nullable(),
});
export type SignalRecord = z.infer<typeof signalRecord>;

/** `GET cottage/{id}/signals`. */
export const cottageSignalsRecord = z.object({
  /** 0–100, from the signals (docs/decisions.md). */
  score: z.number().int(),
  signals: z.array(signalRecord),
});
export type CottageSignalsRecord = z.infer<typeof cottageSignalsRecord>;
