/**
 * Counts failed logins per username and per address in a sliding window; past the limit a login answers 429 with
 * Retry-After. In memory, per process: behind a load balancer each process counts on its own (documented).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxAttempts: number,
    private readonly windowSeconds: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const since = now - this.windowSeconds * 1000;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds to wait when any of `keys` is over the limit, else 0. */
  retryAfter(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const list = this.recent(key, now);
      if (list.length >= this.maxAttempts) {
        const oldest = list[list.length - this.maxAttempts];
        wait = Math.max(wait, Math.ceil((oldest + this.windowSeconds * 1000 - now) / 1000));
      }
    }
    return wait;
  }

  fail(keys: string[], now = Date.now()) {
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 100_000) this.failures.clear(); // bounded memory under a spray of usernames
  }

  succeed(keys: string[]) {
    for (const key of keys) this.failures.delete(key);
  }
}
