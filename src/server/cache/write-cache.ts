/**
 * A cache of what the database answered, kept until a write changes it: the live sessions with their permissions (a
 * request does not cost three queries before its own work). Lists keep their answers and totals in
 * `kept-answers.ts` instead, under keys that change with the tables they read. Correctness rules, the same for every such cache (plugins/changes.ts drives them):
 * - every write to the tables a session is read from is heard in every process on the database, whoever wrote (the
 *   database's notice at the commit, plugins/changes.ts), and the entries it may have changed are dropped
 *   (plugins/session-freshness.ts decides which); a server's write answers only once its notice is back, so a logout,
 *   a role change or a revoked key holds for the very next request;
 * - a lookup that started before such a write never stores its (possibly stale) result: entries carry the
 *   generation they were read in;
 * - while this process cannot hear the notices (its listening connection is lost), it caches nothing;
 * - an entry lives at most `ttlMs`.
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
  /** Checks of a write under way (`hold`): until they end, what is kept may be stale, so nothing is served. */
  private held = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Take it before reading from the database; hand it to `set`. */
  get generation() {
    return this.current;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.trusted && this.held === 0 ? this.entries.get(key) : undefined;
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

  /** A write was heard: serve nothing until `release`, while a watcher finds out what it changed. */
  hold() {
    this.held += 1;
  }

  release() {
    this.held = Math.max(0, this.held - 1);
  }

  /** Drops the entries `stale` picks; lookups under way are not kept either (they may have read before the write). */
  invalidateWhere(stale: (key: string, value: V) => boolean) {
    this.current += 1;
    for (const [key, entry] of this.entries) if (stale(key, entry.value)) this.entries.delete(key);
  }

  /** The entries kept now, however old (a watcher checks them against the database). */
  *kept(): IterableIterator<[string, V]> {
    for (const [key, entry] of this.entries) yield [key, entry.value];
  }
}
