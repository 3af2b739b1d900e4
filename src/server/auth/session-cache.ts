/**
 * The live sessions this process has checked, with their user's permission codes, so a request does not cost three
 * queries (session, permissions, last-use touch) before its own work. Correctness rules:
 * - every write through the API (any method but GET/HEAD/OPTIONS) empties the cache before its answer leaves, so a
 *   logout, a refresh, a password change, a role or permission change or a user's deletion holds for the very next
 *   request;
 * - a lookup that started before such a write never stores its (possibly stale) result: entries carry the
 *   generation they were read in;
 * - the other server processes on the database learn of such a write through the database (plugins/auth.ts:
 *   LISTEN/NOTIFY) and empty theirs before the writer answers; while this process cannot hear them (its listening
 *   connection is lost), it caches nothing;
 * - an entry lives at most `ttlMs`, which bounds what a change made outside any server (a seed script, a manual
 *   UPDATE) can take to be seen.
 */
export interface CachedSession {
  userId: string;
  /** The session's expiry, epoch ms. */
  expiresAt: number;
  permissions: Set<string>;
  /** When the session's last use was last written, epoch ms. */
  touchedAt: number;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private current = 0;
  /** False while changes made by other processes could go unheard: then nothing is cached. */
  private trusted = true;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Take it before reading a session from the database; hand it to `set`. */
  get generation() {
    return this.current;
  }

  get(sessionId: string, now = Date.now()): CachedSession | undefined {
    const entry = this.trusted ? this.entries.get(sessionId) : undefined;
    if (entry && now - entry.cachedAt < this.ttlMs) return entry;
    if (entry) this.entries.delete(sessionId);
    return undefined;
  }

  /** Keeps a session read in `generation`, unless a write happened since. */
  set(sessionId: string, session: CachedSession, generation: number, now = Date.now()) {
    if (generation !== this.current || this.ttlMs <= 0 || !this.trusted) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(sessionId, { ...session, cachedAt: now });
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
