import type { AdjacencyShard } from '../format/adjacencyCodec';
import { rangeOfStar } from '../format/hierarchyCodec';
import { RecentShards, shardsHolding } from './recentShards';
import { FetchCache } from './fetchCache';
import type { HeldParts } from './heldParts';

/** The part of each of the consecutive `shards` that holds stars `firstStar .. firstStar + count - 1`. */
function partsHolding(shards: readonly AdjacencyShard[], firstStar: number, count: number) {
  const end = firstStar + count;
  const parts = shards.map((shard) => {
    const from = Math.max(firstStar, shard.firstStar) - shard.firstStar;
    const to = Math.min(end, shard.firstStar + shard.count) - shard.firstStar;
    return { shard, from, to: Math.max(from, to) };
  });
  const covered = parts.reduce((stars, part) => stars + part.to - part.from, 0);
  if (covered !== count) throw new Error(`Adjacency shards ${shards.map((s) => s.shard).join(', ')} do not hold stars ${firstStar}-${end - 1}`);
  return parts;
}

/** One side's offsets and targets of those parts, copied into arrays of their own so that the shards can be dropped. */
function copySide(parts: ReturnType<typeof partsHolding>, count: number, side: 'out' | 'in'): readonly [Uint32Array, Uint32Array] {
  const sideOf = (shard: AdjacencyShard) => (side === 'out' ? [shard.outOffsets, shard.outTargets] : [shard.inOffsets, shard.inTargets]);
  const offsets = new Uint32Array(count + 1);
  const targets = new Uint32Array(parts.reduce((links, { shard, from, to }) => links + sideOf(shard)[0][to] - sideOf(shard)[0][from], 0));
  let star = 0;
  let at = 0;
  for (const { shard, from, to } of parts) {
    const [shardOffsets, shardTargets] = sideOf(shard);
    targets.set(shardTargets.subarray(shardOffsets[from], shardOffsets[to]), at);
    for (let local = from; local < to; local++) offsets[++star] = at + shardOffsets[local + 1] - shardOffsets[from];
    at += shardOffsets[to] - shardOffsets[from];
  }
  return [offsets, targets];
}

/** The adjacency (both sides) of stars `firstStar .. firstStar + count - 1`, out of the consecutive shards that hold them. */
export function adjacencyOfStars(shards: readonly AdjacencyShard[], firstStar: number, count: number): AdjacencyShard {
  const parts = partsHolding(shards, firstStar, count);
  const [outOffsets, outTargets] = copySide(parts, count, 'out');
  const [inOffsets, inTargets] = copySide(parts, count, 'in');
  return { shard: shards[0]?.shard ?? -1, firstStar, count, outOffsets, outTargets, inOffsets, inTargets };
}

/** A tile's out-links, what drawing links needs: every link between two drawn stars is an out-link of one of them. */
export interface TileOutLinks {
  firstStar: number;
  count: number;
  /** count + 1 entries; star firstStar + k links to outTargets[outOffsets[k] .. outOffsets[k + 1]). */
  outOffsets: Uint32Array;
  outTargets: Uint32Array;
  /** The tile of each out-target. */
  outTargetTiles: Uint32Array;
}

/** The out-links of stars `firstStar .. firstStar + count - 1`, out of the consecutive shards that hold them. */
export function outLinksOfStars(shards: readonly AdjacencyShard[], firstStar: number, count: number, tileFirstStars: Uint32Array): TileOutLinks {
  const [outOffsets, outTargets] = copySide(partsHolding(shards, firstStar, count), count, 'out');
  const outTargetTiles = new Uint32Array(outTargets.length);
  for (let i = 0; i < outTargets.length; i++) outTargetTiles[i] = rangeOfStar(tileFirstStars, outTargets[i]);
  return { firstStar, count, outOffsets, outTargets, outTargetTiles };
}

export function outLinksBytesHeld(links: TileOutLinks): number {
  return links.outOffsets.byteLength + links.outTargets.byteLength + links.outTargetTiles.byteLength;
}

export function adjacencyBytesHeld(adjacency: AdjacencyShard): number {
  return adjacency.outOffsets.byteLength + adjacency.inOffsets.byteLength + adjacency.outTargets.byteLength + adjacency.inTargets.byteLength;
}

export interface TileAdjacencyOptions {
  /** Per tile its first star, and the star count at the end (tileFirstStars). */
  tileFirstStars: Uint32Array;
  /** index.json's adjacency starBoundaries. */
  shardFirstStars: readonly number[];
  /** Where out-links of drawn tiles and whole adjacency of tiles asked about are counted and evicted from (the galaxy's HeldParts). */
  holding: HeldParts;
  fetchShard(shard: number, signal: AbortSignal): Promise<AdjacencyShard>;
  /** A tile's adjacency or out-links asked for has arrived. */
  onArrived(tile: number): void;
  /** A tile's adjacency could not be read (one of its shards failed): not asked for again until retryFailed(), or its backoff when it stalled. */
  onFailed(tile: number, error: unknown): void;
  /** Given, a tile whose shard stalled may be asked for again after a backoff from this limit (FetchCache). */
  stallLimitMs?: number;
  onRetryDue?(tile: number): void;
}

/** Whole shards kept after their tiles were copied out: about 1 MB, the next tiles asked for are mostly in them. */
const RECENT_SHARDS = 4;

/**
 * The adjacency of a tiled galaxy held tile by tile, copied out of the shards that hold the tile's
 * stars, least recently used first out. Drawing links needs only the drawn tiles' out-links; a
 * star's in-links and neighbour lists (the panels, a star not drawn) come with its tile's whole
 * adjacency. Shards are numbered by star, so the stars a view draws are spread over many of them,
 * and the drawn stars are the galaxy's most linked, whose in-lists grow with the galaxy: holding
 * whole shards, or drawn tiles' in-lists, would grow with the galaxy's size; drawn tiles'
 * out-links follow the budget.
 */
export class TileAdjacency {
  private readonly outLinks: FetchCache<TileOutLinks>;
  private readonly whole: FetchCache<AdjacencyShard>;
  private readonly shards: RecentShards<AdjacencyShard>;

  constructor(private readonly options: TileAdjacencyOptions) {
    this.shards = new RecentShards(options.fetchShard, RECENT_SHARDS);
    const { tileFirstStars, onArrived, onFailed, stallLimitMs, onRetryDue } = options;
    this.outLinks = new FetchCache<TileOutLinks>({
      holding: options.holding,
      kind: 'outLinks',
      sizeOf: outLinksBytesHeld,
      fetch: async (tile) => {
        const [shards, first, count] = await this.shardsOfTile(tile);
        return outLinksOfStars(shards, first, count, tileFirstStars);
      },
      onArrived,
      onFailed,
      stallLimitMs,
      onRetryDue,
    });
    this.whole = new FetchCache<AdjacencyShard>({
      holding: options.holding,
      kind: 'adjacency',
      sizeOf: adjacencyBytesHeld,
      fetch: async (tile) => adjacencyOfStars(...(await this.shardsOfTile(tile))),
      onArrived,
      onFailed,
      stallLimitMs,
      onRetryDue,
    });
  }

  /** Bytes of out-links held, and most of them (their cap in the holding budget). */
  get outLinkBytes(): number {
    return this.outLinks.bytes;
  }

  get maxOutLinkBytes(): number {
    return this.outLinks.maxBytes;
  }

  /** Tiles whose out-links are asked for and not in yet. */
  get outLinksInFlight(): number {
    return this.outLinks.inFlight;
  }

  get inFlight(): number {
    return this.outLinks.inFlight + this.whole.inFlight;
  }

  tileOfStar(star: number): number {
    return rangeOfStar(this.options.tileFirstStars, star);
  }

  /** The tile's whole adjacency when held; otherwise starts fetching it (once) and returns undefined. */
  get(tile: number): AdjacencyShard | undefined {
    return this.whole.get(tile);
  }

  /** The tile's out-links when held (now the most recently used), without fetching them. */
  peekOutLinks(tile: number): TileOutLinks | undefined {
    return this.outLinks.peek(tile);
  }

  requestOutLinks(tile: number): void {
    this.outLinks.request(tile);
  }

  retryFailed(): void {
    this.outLinks.retryFailed();
    this.whole.retryFailed();
  }

  dispose(): void {
    this.outLinks.dispose();
    this.whole.dispose();
    this.shards.dispose();
  }

  private async shardsOfTile(tile: number): Promise<[AdjacencyShard[], number, number]> {
    const { tileFirstStars, shardFirstStars } = this.options;
    const first = tileFirstStars[tile];
    const count = tileFirstStars[tile + 1] - first;
    const wanted = shardsHolding(shardFirstStars, first, count);
    return [await Promise.all(wanted.map((k) => this.shards.get(k))), first, count];
  }
}
