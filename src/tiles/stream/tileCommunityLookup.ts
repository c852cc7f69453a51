import { insideLimit } from '../../search/searchLimit';
import type { SearchLimit } from '../../search/starSearch';
import { rangeOfStar } from '../format/hierarchyCodec';

/** Tiles' communities kept for the next limited searches: 256 tiles of 4096 stars are 4 MiB. */
export const COMMUNITY_TILES_KEPT = 256;
/** Tiles' communities files asked for at once by one limited search. */
export const COMMUNITY_FETCHES_AT_ONCE = 4;

export interface TileCommunityLookupOptions {
  /** First star of every tile, then the total (tiles hold contiguous star numbers, docs/tiles.md). */
  tileFirstStars: ArrayLike<number>;
  /** A resident star's finest community, read from the drawn stars without a fetch (undefined: not known there). */
  resident(star: number): number | undefined;
  /** A tile's communities file (the tile worker's, with its stall limit and size cap). */
  fetch(tile: number, signal: AbortSignal): Promise<Uint32Array>;
  /** A tile's communities could not be read: its matches are left out (they cannot be shown to be inside). */
  onFailed(tile: number, error: unknown): void;
  maxTiles?: number;
}

/**
 * Keeps, of a tiled galaxy's search matches, those whose finest community is inside a constellation
 * (docs/rules.md#search): a resident star's community is read from its slot, any other's from its
 * tile's communities file, fetched once and kept for the next searches (the COMMUNITY_TILES_KEPT
 * most recently used tiles).
 */
export class TileCommunityLookup {
  private readonly kept = new Map<number, Uint32Array>();
  private readonly maxTiles: number;

  constructor(private readonly options: TileCommunityLookupOptions) {
    this.maxTiles = options.maxTiles ?? COMMUNITY_TILES_KEPT;
  }

  /** Tiles whose communities are kept now (tests). */
  get keptTiles(): number {
    return this.kept.size;
  }

  /** The matches (ascending star numbers) inside the limit, in the same order; rejects with an AbortError when `signal` aborts. */
  async keepInside(matches: Uint32Array, limit: SearchLimit, signal: AbortSignal): Promise<Uint32Array> {
    const { tileFirstStars, resident } = this.options;
    const tiles = new Map<number, Uint32Array | undefined>();
    const unknown: number[] = [];
    for (const star of matches) {
      if (resident(star) !== undefined) continue;
      const tile = rangeOfStar(tileFirstStars, star);
      if (tiles.has(tile)) continue;
      const held = this.take(tile);
      tiles.set(tile, held);
      if (!held) unknown.push(tile);
    }
    await this.fetchAll(unknown, tiles, signal);
    const inside = new Uint32Array(matches.length);
    let count = 0;
    for (const star of matches) {
      let community = resident(star);
      if (community === undefined) {
        const tile = rangeOfStar(tileFirstStars, star);
        community = tiles.get(tile)?.[star - tileFirstStars[tile]];
      }
      if (insideLimit(limit, community)) inside[count++] = star;
    }
    return inside.slice(0, count);
  }

  private async fetchAll(unknown: readonly number[], tiles: Map<number, Uint32Array | undefined>, signal: AbortSignal): Promise<void> {
    let next = 0;
    const fetchNext = async (): Promise<void> => {
      while (next < unknown.length) {
        const tile = unknown[next++];
        try {
          const communities = await this.options.fetch(tile, signal);
          tiles.set(tile, communities);
          this.keep(tile, communities);
        } catch (error) {
          if (signal.aborted) throw error;
          this.options.onFailed(tile, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(COMMUNITY_FETCHES_AT_ONCE, unknown.length) }, fetchNext));
    signal.throwIfAborted();
  }

  /** A kept tile's communities, now the most recently used. */
  private take(tile: number): Uint32Array | undefined {
    const communities = this.kept.get(tile);
    if (communities) {
      this.kept.delete(tile);
      this.kept.set(tile, communities);
    }
    return communities;
  }

  private keep(tile: number, communities: Uint32Array): void {
    this.kept.delete(tile);
    this.kept.set(tile, communities);
    while (this.kept.size > this.maxTiles) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }
}
