export interface ShardCacheOptions<T> {
  /** Most bytes held; the least recently used shards go first beyond it. */
  maxBytes: number;
  sizeOf(value: T): number;
  fetch(shard: number, signal: AbortSignal): Promise<T>;
  /** A shard asked for has arrived. */
  onArrived(shard: number): void;
  /** A shard could not be read: it is not asked for again until retryFailed(). */
  onFailed(shard: number, error: unknown): void;
}

/**
 * Shards (names or adjacency) of a tiled galaxy fetched on demand and kept least recently used
 * first out, within a byte limit. Asking for a missing shard starts its fetch once; a failed shard
 * is remembered and not fetched again until asked to.
 */
export class ShardCache<T> {
  private readonly held = new Map<number, T>();
  private readonly pending = new Map<number, AbortController>();
  private readonly failed = new Set<number>();
  private heldBytes = 0;
  private disposed = false;

  constructor(private readonly options: ShardCacheOptions<T>) {}

  get bytes(): number {
    return this.heldBytes;
  }

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** The shard when held (now the most recently used), without fetching it. */
  peek(shard: number): T | undefined {
    const value = this.held.get(shard);
    if (value === undefined) return undefined;
    this.held.delete(shard);
    this.held.set(shard, value);
    return value;
  }

  /** The shard when held; otherwise starts fetching it (once) and returns undefined. */
  get(shard: number): T | undefined {
    const value = this.peek(shard);
    if (value === undefined) this.request(shard);
    return value;
  }

  isPending(shard: number): boolean {
    return this.pending.has(shard);
  }

  hasFailed(shard: number): boolean {
    return this.failed.has(shard);
  }

  request(shard: number): void {
    if (this.disposed || this.held.has(shard) || this.pending.has(shard) || this.failed.has(shard)) return;
    const controller = new AbortController();
    this.pending.set(shard, controller);
    this.options.fetch(shard, controller.signal).then(
      (value) => {
        if (this.pending.get(shard) !== controller) return;
        this.pending.delete(shard);
        this.insert(shard, value);
        this.options.onArrived(shard);
      },
      (error: unknown) => {
        if (this.pending.get(shard) !== controller) return;
        this.pending.delete(shard);
        this.failed.add(shard);
        this.options.onFailed(shard, error);
      },
    );
  }

  retryFailed(): void {
    this.failed.clear();
  }

  dispose(): void {
    this.disposed = true;
    for (const controller of this.pending.values()) controller.abort();
    this.pending.clear();
    this.held.clear();
    this.heldBytes = 0;
  }

  private insert(shard: number, value: T): void {
    this.held.set(shard, value);
    this.heldBytes += this.options.sizeOf(value);
    // Map keeps insertion order and peek() re-inserts, so the first key is the least recently used.
    for (const [oldest, old] of this.held) {
      if (this.heldBytes <= this.options.maxBytes || oldest === shard) break;
      this.held.delete(oldest);
      this.heldBytes -= this.options.sizeOf(old);
    }
  }
}
