import { indexLabels, labelAt } from '../../data/labelIndex';
import { rangeOfStar } from '../format/hierarchyCodec';
import { RecentShards, shardsHolding } from './recentShards';
import { FetchCache } from './fetchCache';
import type { HeldParts } from './heldParts';
import type { LabelShardNames } from './tileSource';

/** The names of stars `firstStar .. firstStar + count - 1` out of the consecutive shards that hold them, in a string of their own. */
export function namesOfStars(shards: readonly LabelShardNames[], firstStar: number, count: number): LabelShardNames {
  const names: string[] = [];
  for (const shard of shards) {
    const held = shard.names.labelStarts.length;
    const from = Math.max(firstStar, shard.firstStar) - shard.firstStar;
    const to = Math.min(firstStar + count, shard.firstStar + held) - shard.firstStar;
    for (let local = from; local < to; local++) names.push(labelAt(shard.names, local));
  }
  if (names.length !== count) throw new Error(`Label shards ${shards.map((s) => s.shard).join(', ')} do not hold stars ${firstStar}-${firstStar + count - 1}`);
  // join copies the names into one new string, so that the shards' strings can be dropped.
  return { shard: shards[0]?.shard ?? -1, firstStar, names: indexLabels(names) };
}

export function namesBytesHeld(labels: LabelShardNames): number {
  // JavaScript strings hold two bytes a character.
  return labels.names.labelText.length * 2 + labels.names.labelStarts.byteLength + labels.names.labelEnds.byteLength;
}

export interface TileNamesOptions {
  /** Per tile its first star, and the star count at the end (tileFirstStars). */
  tileFirstStars: Uint32Array;
  /** index.json's labels starBoundaries. */
  shardFirstStars: readonly number[];
  /** Where its tiles' names are counted and evicted from (the galaxy's HeldParts). */
  holding: HeldParts;
  fetchShard(shard: number, signal: AbortSignal): Promise<LabelShardNames>;
  onArrived(tile: number): void;
  /** A tile's names could not be read (one of its shards failed): not asked for again until retryFailed(), or its backoff when it stalled. */
  onFailed(tile: number, error: unknown): void;
  /** Given, a tile whose shard stalled may be asked for again after a backoff from this limit (FetchCache). */
  stallLimitMs?: number;
  onRetryDue?(tile: number): void;
}

/** Whole name shards kept after their tiles were copied out (~270 KB each). */
const RECENT_SHARDS = 2;

/**
 * The names of a tiled galaxy held tile by tile, copied out of the shards that hold the tile's
 * stars, least recently used first out. Shards are numbered by star, so the stars a view names are
 * spread over many of them, more the bigger the galaxy; a tile's names follow what is drawn and
 * hovered whatever the galaxy's size.
 */
export class TileNames {
  private readonly tiles: FetchCache<LabelShardNames>;
  private readonly shards: RecentShards<LabelShardNames>;

  constructor(private readonly options: TileNamesOptions) {
    this.shards = new RecentShards(options.fetchShard, RECENT_SHARDS);
    this.tiles = new FetchCache<LabelShardNames>({
      holding: options.holding,
      kind: 'names',
      sizeOf: namesBytesHeld,
      fetch: (tile) => this.fetchTile(tile),
      onArrived: options.onArrived,
      onFailed: options.onFailed,
      stallLimitMs: options.stallLimitMs,
      onRetryDue: options.onRetryDue,
    });
  }

  get inFlight(): number {
    return this.tiles.inFlight;
  }

  /** The star's name when its tile's names are held; otherwise starts fetching them (once) and returns undefined. */
  labelOf(star: number): string | undefined {
    const tile = rangeOfStar(this.options.tileFirstStars, star);
    const held = this.tiles.get(tile);
    return held ? labelAt(held.names, star - held.firstStar) : undefined;
  }

  /** A whole shard when it is one of the last fetched, without fetching it. */
  peekShard(shard: number): LabelShardNames | undefined {
    return this.shards.peek(shard);
  }

  retryFailed(): void {
    this.tiles.retryFailed();
  }

  dispose(): void {
    this.tiles.dispose();
    this.shards.dispose();
  }

  private async fetchTile(tile: number): Promise<LabelShardNames> {
    const { tileFirstStars, shardFirstStars } = this.options;
    const first = tileFirstStars[tile];
    const count = tileFirstStars[tile + 1] - first;
    const wanted = shardsHolding(shardFirstStars, first, count);
    return namesOfStars(await Promise.all(wanted.map((k) => this.shards.get(k))), first, count);
  }
}
