/** Doublings of the wait before a stalled part is asked for again: at most 8 times the stall limit. */
const MOST_DOUBLINGS = 3;

/**
 * How long after its `attempt`-th stall (0 for the first) a part is asked for again: the stall
 * limit, then twice as long each time, at most 8 times the limit, so that a host that stalls is not
 * asked ever faster while one that recovered is soon heard from again.
 */
export function stallRetryDelay(stallLimitMs: number, attempt: number): number {
  return stallLimitMs * 2 ** Math.min(Math.max(0, attempt), MOST_DOUBLINGS);
}

/**
 * Parts of a tiled galaxy (tiles, a tile's names or adjacency) that stalled, each asked for again
 * after its backoff (stallRetryDelay) by `retry`; a part that arrives starts its backoff afresh.
 */
export class StallRetries<K> {
  private readonly attempts = new Map<K, number>();
  private readonly timers = new Map<K, ReturnType<typeof setTimeout>>();
  private disposed = false;

  constructor(
    private readonly stallLimitMs: number,
    private readonly retry: (part: K) => void,
  ) {}

  /** The part stalled: it is asked for again after its backoff. */
  stalled(part: K): void {
    if (this.disposed) return;
    const attempt = this.attempts.get(part) ?? 0;
    this.attempts.set(part, attempt + 1);
    clearTimeout(this.timers.get(part));
    this.timers.set(
      part,
      setTimeout(() => {
        this.timers.delete(part);
        if (!this.disposed) this.retry(part);
      }, stallRetryDelay(this.stallLimitMs, attempt)),
    );
  }

  arrived(part: K): void {
    this.attempts.delete(part);
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
