import { isStalled } from '../format/tileError';
import { StallRetries } from './stallRetries';

export interface FetchCacheOptions<T> {
  /** Most bytes held; the least recently used parts go first beyond it. */
  maxBytes: number;
  sizeOf(value: T): number;
  fetch(part: number, signal: AbortSignal): Promise<T>;
  /** A part asked for has arrived. */
  onArrived(part: number): void;
  /**
   * A part could not be read: it is not asked for again until retryFailed(), or, when it stalled
   * (TileDataError.stalled), until its backoff has passed (stallRetryDelay of `stallLimitMs`).
   */
  onFailed(part: number, error: unknown): void;
  /** Given, stalled parts may be asked for again after a backoff from this limit. */
  stallLimitMs?: number;
  /** A stalled part may be asked for again now (whoever wants it asks with get() or request()). */
  onRetryDue?(part: number): void;
}

/**
 * Parts of a tiled galaxy (a tile's names, out-links or adjacency) fetched on demand by number and
 * kept least recently used first out, within a byte limit. Asking for a missing part starts its
 * fetch once; a failed part is remembered and not fetched again until asked to.
 */
export class FetchCache<T> {
  private readonly held = new Map<number, T>();
  private readonly pending = new Map<number, AbortController>();
  private readonly failed = new Set<number>();
  private readonly stallRetries: StallRetries<number> | undefined;
  private heldBytes = 0;
  private disposed = false;

  constructor(private readonly options: FetchCacheOptions<T>) {
    const { stallLimitMs } = options;
    this.stallRetries =
      stallLimitMs === undefined
        ? undefined
        : new StallRetries(stallLimitMs, (part) => {
            this.failed.delete(part);
            options.onRetryDue?.(part);
          });
  }

  get bytes(): number {
    return this.heldBytes;
  }

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** The part when held (now the most recently used), without fetching it. */
  peek(part: number): T | undefined {
    const value = this.held.get(part);
    if (value === undefined) return undefined;
    this.held.delete(part);
    this.held.set(part, value);
    return value;
  }

  /** The part when held; otherwise starts fetching it (once) and returns undefined. */
  get(part: number): T | undefined {
    const value = this.peek(part);
    if (value === undefined) this.request(part);
    return value;
  }

  isPending(part: number): boolean {
    return this.pending.has(part);
  }

  hasFailed(part: number): boolean {
    return this.failed.has(part);
  }

  request(part: number): void {
    if (this.disposed || this.held.has(part) || this.pending.has(part) || this.failed.has(part)) return;
    const controller = new AbortController();
    this.pending.set(part, controller);
    this.options.fetch(part, controller.signal).then(
      (value) => {
        if (this.pending.get(part) !== controller) return;
        this.pending.delete(part);
        this.insert(part, value);
        this.stallRetries?.arrived(part);
        this.options.onArrived(part);
      },
      (error: unknown) => {
        if (this.pending.get(part) !== controller) return;
        this.pending.delete(part);
        this.failed.add(part);
        if (isStalled(error)) this.stallRetries?.stalled(part);
        this.options.onFailed(part, error);
      },
    );
  }

  retryFailed(): void {
    this.failed.clear();
  }

  dispose(): void {
    this.disposed = true;
    this.stallRetries?.dispose();
    for (const controller of this.pending.values()) controller.abort();
    this.pending.clear();
    this.held.clear();
    this.heldBytes = 0;
  }

  private insert(part: number, value: T): void {
    this.held.set(part, value);
    this.heldBytes += this.options.sizeOf(value);
    // Map keeps insertion order and peek() re-inserts, so the first key is the least recently used.
    for (const [oldest, old] of this.held) {
      if (this.heldBytes <= this.options.maxBytes || oldest === part) break;
      this.held.delete(oldest);
      this.heldBytes -= this.options.sizeOf(old);
    }
  }
}
