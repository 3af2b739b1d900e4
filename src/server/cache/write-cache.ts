/**
 * A cache of what the database answered, kept until the next write: the live sessions with their permissions (a
 * request does not cost three queries before its own work). Lists keep their answers and totals in
 * `kept-answers.ts` instead, under keys that change with the tables they read. Correctness rules, the same for every such cache (plugins/changes.ts drives them):
 * - every write through the API (any method but GET/HEAD/OPTIONS) empties the caches before its answer leaves, so a
 *   logout, a role change or a new record holds for the very next request;
 * - a lookup that started before such a write never stores its (possibly stale) result: entries carry the
 *   generation they were read in;
 * - the other server processes on the database learn of such a write through the database (LISTEN/NOTIFY) and empty
 *   theirs before the writer answers; while this process cannot hear them (its listening connection is lost), it
 *   caches nothing;
 * - an entry lives at most `ttlMs`, which bounds what a change made outside any server (a seed script, a manual
 *   UPDATE) can take to be seen.
 */
interface Entry<V> {
  value: V;
  cachedAt: number;
}

export class WriteCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private current = 0;
  /** False while changes made by other processes could go unheard: then nothing is cached. */
  private trusted = true;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Take it before reading from the database; hand it to `set`. */
  get generation() {
    return this.current;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.trusted ? this.entries.get(key) : undefined;
    if (entry && now - entry.cachedAt < this.ttlMs) return entry.value;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  /** Keeps a value read in `generation`, unless a write happened since. */
  set(key: string, value: V, generation: number, now = Date.now()) {
    if (generation !== this.current || this.ttlMs <= 0 || !this.trusted) return;
    this.entries.delete(key);
    // Full: the oldest entry goes (a Map iterates in insertion order).
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, cachedAt: now });
  }

  /** Whether writes made by other processes reach `invalidateAll`; when they may not, nothing is kept. */
  setTrusted(trusted: boolean) {
    this.trusted = trusted;
    this.invalidateAll();
  }

  invalidateAll() {
    this.current += 1;
    this.entries.clear();
  }
}
