/**
 * The signals' kinds and severities, and the risk score (docs/decisions.md, "Moderation signals"): each kind counts
 * once, by its severity's weight (high 0.6, medium 0.3, low 0.1), and the weights combine as independent chances:
 * score = round(100 × (1 − Π(1 − w))). One high signal is 60, a high and a medium 72, every kind at once 92.
 */
import type { SignalKind } from '../../shared/signals';

export type { SignalKind };
type Severity = 'high' | 'medium' | 'low';

export const SEVERITY: Record<SignalKind, Severity> = { photo: 'high', contact: 'high', price: 'medium', twin: 'medium', copy: 'medium', reusedPhoto: 'low', burst: 'low' };
const WEIGHT: Record<Severity, number> = { high: 0.6, medium: 0.3, low: 0.1 };

export function riskScore(kinds: Iterable<SignalKind>): number {
  let clear = 1;
  for (const kind of new Set(kinds)) clear *= 1 - WEIGHT[SEVERITY[kind]];
  return Math.round(100 * (1 - clear));
}
