/**
 * The moderator's counts for this tab's session (sessionStorage): decided, approved, rejected, and the seconds spent
 * per decided cottage (from the moment it was shown to the decision).
 */
export interface SessionStats {
  approved: number;
  rejected: number;
  /** Milliseconds spent on the decided cottages, summed. */
  spentMs: number;
}

const KEY = 'review-desk.session';
const EMPTY: SessionStats = { approved: 0, rejected: 0, spentMs: 0 };

export function readStats(storage: Storage | undefined = globalThis.sessionStorage): SessionStats {
  try {
    const raw = storage?.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<SessionStats>) : {};
    return { ...EMPTY, ...value };
  } catch {
    return { ...EMPTY };
  }
}

/** Adds one decision (or, with `sign` −1, takes an undone one back) and stores the result. */
export function countDecision(
  stats: SessionStats,
  decision: 'confirmed' | 'rejected',
  spentMs: number,
  sign: 1 | -1 = 1,
  storage: Storage | undefined = globalThis.sessionStorage,
): SessionStats {
  const field = decision === 'confirmed' ? 'approved' : 'rejected';
  const next = { ...stats, [field]: Math.max(0, stats[field] + sign), spentMs: Math.max(0, stats.spentMs + sign * spentMs) };
  try {
    storage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // A full or disabled storage only loses the counts.
  }
  return next;
}

export const decidedOf = (s: SessionStats) => s.approved + s.rejected;
/** Whole seconds per decided cottage, or null before the first decision. */
export const averageSeconds = (s: SessionStats) => (decidedOf(s) ? Math.round(s.spentMs / decidedOf(s) / 1000) : null);

const SKIP_KEY = 'review-desk.skip';
/** The server takes at most 1000 ids; the latest skips matter most. */
const SKIP_MAX = 500;

/** The cottages skipped in this tab's session (never handed out again to this tab). */
export function readSkips(storage: Storage | undefined = globalThis.sessionStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(SKIP_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function addSkip(skips: string[], id: string, storage: Storage | undefined = globalThis.sessionStorage): string[] {
  const next = [...skips.filter((s) => s !== id), id].slice(-SKIP_MAX);
  try {
    storage?.setItem(SKIP_KEY, JSON.stringify(next));
  } catch {
    // Kept in memory only.
  }
  return next;
}
