import { rangeOfStar } from '../format/hierarchyCodec';

/** The shards (numbers, in order) that hold stars `firstStar .. firstStar + count - 1`, by the shards' first stars and the total at the end. */
export function shardsHolding(shardFirstStars: readonly number[], firstStar: number, count: number): number[] {
  const shards: number[] = [];
  for (let k = rangeOfStar(shardFirstStars, firstStar); k < shardFirstStars.length - 1 && shardFirstStars[k] < firstStar + count; k++) shards.push(k);
  return shards;
}

/**
 * Whole shards by number, each fetched once however many ask at the same time, the last few kept
 * so that the tiles of one shard, asked for one after another, fetch it once.
 */
export class RecentShards<T> {
  private readonly recent = new Map<number, T>();
  private readonly pending = new Map<number, Promise<T>>();
  private readonly controller = new AbortController();

  constructor(
    private readonly fetch: (shard: number, signal: AbortSignal) => Promise<T>,
    private readonly keep: number,
  ) {}

  /** The shard when it is one of the last kept, without fetching it. */
  peek(shard: number): T | undefined {
    return this.recent.get(shard);
  }

  get(shard: number): Promise<T> {
    const held = this.recent.get(shard);
    if (held !== undefined) {
      this.recent.delete(shard);
      this.recent.set(shard, held);
      return Promise.resolve(held);
    }
    let pending = this.pending.get(shard);
    if (!pending) {
      pending = this.fetch(shard, this.controller.signal).then(
        (value) => {
          this.pending.delete(shard);
          this.recent.set(shard, value);
          // Map keeps insertion order: the first key is the least recently used.
          for (const oldest of this.recent.keys()) {
            if (this.recent.size <= this.keep) break;
            this.recent.delete(oldest);
          }
          return value;
        },
        (error: unknown) => {
          this.pending.delete(shard);
          throw error;
        },
      );
      this.pending.set(shard, pending);
    }
    return pending;
  }

  dispose(): void {
    this.controller.abort();
    this.pending.clear();
    this.recent.clear();
  }
}
