import { isStalled } from '../format/tileError';
import type { HeldKind } from '../planner/holdingBudget';
import type { HeldParts } from './heldParts';
import { StallRetries } from './stallRetries';

export interface FetchCacheOptions<T> {
  /** Where what it holds is counted and evicted from, least recently used first across kinds, and as which kind. */
  holding: HeldParts;
  kind: HeldKind;
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
 * held until the galaxy's one eviction path (HeldParts, over the holding budget) lets them go.
 * Asking for a missing part starts its fetch once; a failed part is remembered and not fetched
 * again until asked to.
 */
export class FetchCache<T> {
  private readonly held = new Map<number, T>();
  private readonly pending = new Map<number, AbortController>();
  private readonly failed = new Set<number>();
  private readonly stallRetries: StallRetries<number> | undefined;
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
    return this.options.holding.bytesOf(this.options.kind);
  }

  /** Most bytes this kind may hold. */
  get maxBytes(): number {
    return this.options.holding.capOf(this.options.kind);
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** The part when held (now the most recently used), without fetching it. */
  peek(part: number): T | undefined {
    const value = this.held.get(part);
    if (value === undefined) return undefined;
    this.options.holding.touch(this.options.kind, part);
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
    for (const part of this.held.keys()) this.options.holding.release(this.options.kind, part);
    this.held.clear();
  }

  private insert(part: number, value: T): void {
    this.held.set(part, value);
    this.options.holding.hold(this.options.kind, part, this.options.sizeOf(value), () => this.held.delete(part));
  }
}
