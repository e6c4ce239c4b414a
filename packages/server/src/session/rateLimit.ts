/** Keys kept at most per limiter: an attacker spraying new keys cannot grow the process's memory without end. */
export const CHAVES_MAXIMAS = 100_000;

/**
 * Sliding-window counter kept in memory (one server process; docs/decisions/0012 says why that is
 * enough). Expired keys are dropped when the map grows past `maxChaves`, oldest first if need be.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxChaves = CHAVES_MAXIMAS,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  /** Hits of the key within the window. */
  count(key: string): number {
    return this.recent(key).length;
  }

  /** When the key was last hit within the window, if it was. */
  last(key: string): number | undefined {
    return this.recent(key).at(-1);
  }

  /** Seconds to wait when the key is over the limit, otherwise 0. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.limit) return 0;
    return Math.max(1, Math.ceil((list[list.length - this.limit]! + this.windowMs - this.now()) / 1000));
  }

  hit(key: string): void {
    const list = this.recent(key);
    // Re-inserted, so the map's order is least recently hit first (what pruning drops).
    this.hits.delete(key);
    this.hits.set(key, [...list, this.now()].slice(-Math.max(this.limit, 64)));
    if (this.hits.size > this.maxChaves) this.prune();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Keys held (for tests of the memory bound). */
  get size(): number {
    return this.hits.size;
  }

  private prune(): void {
    const since = this.now() - this.windowMs;
    for (const [key, list] of this.hits) if (list.at(-1)! <= since) this.hits.delete(key);
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxChaves) break;
      this.hits.delete(key);
    }
  }
}
