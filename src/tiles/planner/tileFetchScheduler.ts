/** Fetches one tile; must stop (reject) when the signal aborts. */
export type FetchTile<T> = (tile: number, signal: AbortSignal) => Promise<T>;

export interface TileFetchSchedulerOptions<T> {
  fetchTile: FetchTile<T>;
  /** Requests in flight at most. */
  maxInFlight: number;
  /** Bytes a tile takes while held (the hierarchy's byteSize, or the decoded size). */
  sizeOf: (tile: number) => number;
  /** A tile arrived: plan and draw again. */
  onLoaded?: (tile: number) => void;
  /** A tile could not be fetched or decoded: it is not asked for again until retry(). */
  onFailed?: (tile: number, error: unknown) => void;
}

/** What the planner asked for last (its TilePlan's list). */
export interface FetchWanted {
  fetch: readonly number[];
}

/**
 * Fetches the planner's tiles in its order, at most K at a time, and keeps them in a cache: each
 * update() takes the planner's newest wishes: what is queued is reordered, a request for a tile the
 * camera has left is aborted (its AbortController), and free slots start the most important tiles
 * not yet asked for. It evicts nothing by itself: its holder forgets a tile when the galaxy's one
 * eviction path (HeldParts, over the holding budget) lets it go. Backend-independent and generic
 * over the tile's decoded type.
 */
export class TileFetchScheduler<T> {
  private readonly cache = new Map<number, T>();
  private readonly inFlight = new Map<number, AbortController>();
  private readonly failed = new Map<number, unknown>();
  private queue: number[] = [];
  private heldBytes = 0;
  private disposed = false;
  /**
   * Counts every change of what is held, on its way, queued or failed: a holder that saw the same
   * number at its last update knows that an update with the same wishes would change nothing.
   */
  version = 0;

  constructor(private readonly options: TileFetchSchedulerOptions<T>) {}

  get bytes(): number {
    return this.heldBytes;
  }

  get inFlightTiles(): number[] {
    return [...this.inFlight.keys()];
  }

  /** Tiles on their way or queued (without listing them). */
  get pendingCount(): number {
    return this.inFlight.size + this.queue.length;
  }

  get queuedTiles(): readonly number[] {
    return this.queue;
  }

  get failedTiles(): number[] {
    return [...this.failed.keys()];
  }

  get(tile: number): T | undefined {
    return this.cache.get(tile);
  }

  has(tile: number): boolean {
    return this.cache.has(tile);
  }

  /** The tile could not be read (and was not asked for again since). */
  hasFailed(tile: number): boolean {
    return this.failed.has(tile);
  }

  /** Bytes of the tiles on their way (they count against the holding budget before they arrive). */
  get inFlightBytes(): number {
    let bytes = 0;
    for (const tile of this.inFlight.keys()) bytes += this.options.sizeOf(tile);
    return bytes;
  }

  update(wanted: FetchWanted): void {
    if (this.disposed) return;
    this.version++;
    // A few tiles in flight against a plan's few dozen to fetch: a search of the list, no set built.
    for (const [tile, controller] of this.inFlight) {
      if (wanted.fetch.includes(tile)) continue;
      controller.abort();
      this.inFlight.delete(tile);
    }
    const queue = this.queue;
    queue.length = 0;
    for (const tile of wanted.fetch) if (!this.cache.has(tile) && !this.inFlight.has(tile) && !this.failed.has(tile)) queue.push(tile);
    this.startNext();
  }

  /**
   * Drops a cached tile that its holder had to free (e.g. to make room for another): the planner
   * then sees it as not loaded and may ask for it again.
   */
  forget(tile: number): void {
    if (!this.cache.delete(tile)) return;
    this.version++;
    this.heldBytes -= this.options.sizeOf(tile);
  }

  /** Asks for a failed tile again at the next update. */
  retry(tile: number): void {
    if (this.failed.delete(tile)) this.version++;
  }

  dispose(): void {
    this.disposed = true;
    this.version++;
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    this.queue = [];
    this.cache.clear();
    this.heldBytes = 0;
  }

  private startNext(): void {
    while (this.inFlight.size < this.options.maxInFlight && this.queue.length > 0) {
      const tile = this.queue.shift() as number;
      this.version++;
      const controller = new AbortController();
      this.inFlight.set(tile, controller);
      this.options.fetchTile(tile, controller.signal).then(
        (value) => {
          if (this.inFlight.get(tile) !== controller) return; // cancelled meanwhile
          this.inFlight.delete(tile);
          this.version++;
          this.cache.set(tile, value);
          this.heldBytes += this.options.sizeOf(tile);
          this.options.onLoaded?.(tile);
          this.startNext();
        },
        (error: unknown) => {
          if (this.inFlight.get(tile) !== controller) return;
          this.inFlight.delete(tile);
          this.version++;
          this.failed.set(tile, error);
          this.options.onFailed?.(tile, error);
          this.startNext();
        },
      );
    }
  }
}
