/**
 * Answers kept under a key that says everything they depend on (a list's answers: the versions of the tables it reads,
 * query/table-versions.ts, plus its path, language and parameters). Such a key is exact by itself, so no write has to
 * empty this cache: a write to a table the answer reads changes the next request's key; any other write keeps it.
 * - An entry lives at most `ttlMs`, for what changes without a commit (time passing: a premium placement expiring at
 *   its hour leaves the cottage page within that time).
 * - Identical misses at the same moment are computed once (`through`): the later callers wait for the first one's
 *   computation under the same key, and share its value or its error.
 * - A time to live of 0 keeps nothing and shares nothing: every call computes (the benches' cold path).
 */
interface Entry<V> {
  value: V;
  cachedAt: number;
}

/** How calls were answered since the start: kept, computed, or shared with an identical computation under way. */
interface KeptStats {
  kept: number;
  computed: number;
  shared: number;
}

export class KeptAnswers<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inFlight = new Map<string, Promise<V>>();
  readonly stats: KeptStats = { kept: 0, computed: 0, shared: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (entry && now - entry.cachedAt < this.ttlMs) return entry.value;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, now = Date.now()) {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    // Full: the oldest entry goes (a Map iterates in insertion order).
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, cachedAt: now });
  }

  /**
   * The kept value under `key`, or the one being computed under it, or `compute()`'s — kept for the next caller when
   * `keep(value)` (a list too long to keep is computed, shared with identical callers, and not kept). No key (an
   * answer whose exactness cannot be told): computed for this caller alone.
   */
  async through(key: string | undefined, compute: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (key === undefined || this.ttlMs <= 0) {
      this.stats.computed += 1;
      return compute();
    }
    const kept = this.get(key);
    if (kept !== undefined) {
      this.stats.kept += 1;
      return kept;
    }
    const running = this.inFlight.get(key);
    if (running) {
      this.stats.shared += 1;
      return running;
    }
    this.stats.computed += 1;
    const computing = compute();
    this.inFlight.set(key, computing);
    try {
      const value = await computing;
      if (keep(value)) this.set(key, value);
      return value;
    } finally {
      this.inFlight.delete(key);
    }
  }
}
