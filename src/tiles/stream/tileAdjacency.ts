import type { AdjacencyShard } from '../format/adjacencyCodec';
import { rangeOfStar } from '../format/hierarchyCodec';
import { adjacencyBytesHeld, outLinksBytesHeld, type TileOutLinks } from './adjacencyCuts';
import { FetchCache } from './fetchCache';
import type { HeldParts } from './heldParts';

export interface TileAdjacencyOptions {
  /** Per tile its first star, and the star count at the end (tileFirstStars). */
  tileFirstStars: Uint32Array;
  /** Where out-links of drawn tiles and whole adjacency of tiles asked about are counted and evicted from (the galaxy's HeldParts). */
  holding: HeldParts;
  /** A tile's out-links and its whole adjacency, cut out of their shards where those are unpacked (TileSource). */
  fetchOutLinks(tile: number, signal: AbortSignal): Promise<TileOutLinks>;
  fetchWhole(tile: number, signal: AbortSignal): Promise<AdjacencyShard>;
  /** A tile's adjacency or out-links asked for has arrived. */
  onArrived(tile: number): void;
  /** A tile's adjacency could not be read (one of its shards failed): not asked for again until retryFailed(), or its backoff when it stalled. */
  onFailed(tile: number, error: unknown): void;
  /** Given, a tile whose shard stalled may be asked for again after a backoff from this limit (FetchCache). */
  stallLimitMs?: number;
  onRetryDue?(tile: number): void;
}

/**
 * The adjacency of a tiled galaxy held tile by tile, each tile's cut out of the shards that hold
 * its stars by the tile source (adjacencyCuts.ts), least recently used first out. Drawing links needs only the drawn tiles' out-links; a
 * star's in-links and neighbour lists (the panels, a star not drawn) come with its tile's whole
 * adjacency. Shards are numbered by star, so the stars a view draws are spread over many of them,
 * and the drawn stars are the galaxy's most linked, whose in-lists grow with the galaxy: holding
 * whole shards, or drawn tiles' in-lists, would grow with the galaxy's size; drawn tiles'
 * out-links follow the budget.
 */
export class TileAdjacency {
  private readonly outLinks: FetchCache<TileOutLinks>;
  private readonly whole: FetchCache<AdjacencyShard>;

  constructor(private readonly options: TileAdjacencyOptions) {
    const { onArrived, onFailed, stallLimitMs, onRetryDue } = options;
    this.outLinks = new FetchCache<TileOutLinks>({
      holding: options.holding,
      kind: 'outLinks',
      sizeOf: outLinksBytesHeld,
      fetch: (tile, signal) => options.fetchOutLinks(tile, signal),
      onArrived,
      onFailed,
      stallLimitMs,
      onRetryDue,
    });
    this.whole = new FetchCache<AdjacencyShard>({
      holding: options.holding,
      kind: 'adjacency',
      sizeOf: adjacencyBytesHeld,
      fetch: (tile, signal) => options.fetchWhole(tile, signal),
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
  }
}
