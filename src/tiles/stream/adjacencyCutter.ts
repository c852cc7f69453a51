import type { AdjacencyShard } from '../format/adjacencyCodec';
import { TileDataError } from '../format/tileError';
import type { TiledGalaxyReader } from '../format/tiledGalaxyReader';
import { adjacencyOfStars, outLinksOfStars, outSideOfStars, type TileOutLinks } from './adjacencyCuts';
import { shardsHolding } from './recentShards';
import { ShardSlots } from './shardSlots';

/** Shards kept unpacked after their tiles were cut out: about 1 MB, the next tiles asked for are mostly in them. */
const RECENT_SHARDS = 4;

/**
 * Where the adjacency shards are unpacked (the tile worker), each tile's links cut out of them, so
 * that the page receives and holds the tile's part alone. The shards are unpacked into a few
 * reused buffers (ShardSlots): the stars a view draws are spread over many shards, more the bigger
 * the galaxy, and a copy of every shard touched would be garbage that grows with the galaxy.
 */
export class AdjacencyCutter {
  private readonly slots: ShardSlots<AdjacencyShard>;

  constructor(private readonly reader: TiledGalaxyReader) {
    this.slots = new ShardSlots((shard, signal, room) => reader.adjacencyInto(shard, room, signal), RECENT_SHARDS);
  }

  /** A tile's whole adjacency (both sides), for the panels and a star's neighbours. */
  async whole(tile: number, signal?: AbortSignal): Promise<AdjacencyShard> {
    const [first, count] = this.starsOf(tile);
    const parts = await this.cut(first, count, (shard, from, stars) => adjacencyOfStars([shard], from, stars), signal);
    return parts.length === 1 ? parts[0] : adjacencyOfStars(parts, first, count);
  }

  /** A tile's out-links and their targets' tiles, what drawing links needs. */
  async outLinks(tile: number, signal?: AbortSignal): Promise<TileOutLinks> {
    const [first, count] = this.starsOf(tile);
    const parts = await this.cut(first, count, outSideOf, signal);
    return outLinksOfStars(parts, first, count, this.reader.tileFirstStars);
  }

  /**
   * Stars `first .. first + count - 1` cut out of each shard that holds some of them, shard by shard
   * (the most linked stars' tiles span dozens of small shards: pinning them all at once would hold a
   * buffer for each), in star order.
   */
  private cut(first: number, count: number, cutPart: (shard: AdjacencyShard, from: number, stars: number) => AdjacencyShard, signal?: AbortSignal): Promise<AdjacencyShard[]> {
    const end = first + count;
    const shards = shardsHolding(this.reader.index.adjacency.starBoundaries, first, count);
    return Promise.all(
      shards.map((k) =>
        this.slots.using(
          k,
          (shard) => {
            const from = Math.max(first, shard.firstStar);
            return cutPart(shard, from, Math.min(end, shard.firstStar + shard.count) - from);
          },
          signal,
        ),
      ),
    );
  }

  /** Shard buffers held now. */
  get slotCount(): number {
    return this.slots.slotCount;
  }

  dispose(): void {
    this.slots.dispose();
  }

  private starsOf(tile: number): [number, number] {
    const firstStars = this.reader.tileFirstStars;
    if (!Number.isInteger(tile) || tile < 0 || tile >= firstStars.length - 1) throw new TileDataError(`tile ${tile} does not exist`);
    return [firstStars[tile], firstStars[tile + 1] - firstStars[tile]];
  }

}

/** The out-links of stars `from .. from + stars - 1` of `shard`, copied; the in-side left empty, as drawing links never reads it. */
function outSideOf(shard: AdjacencyShard, from: number, stars: number): AdjacencyShard {
  const [outOffsets, outTargets] = outSideOfStars([shard], from, stars);
  return { shard: shard.shard, firstStar: from, count: stars, outOffsets, outTargets, inOffsets: new Uint32Array(stars + 1), inTargets: new Uint32Array(0) };
}
