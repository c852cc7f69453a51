import { maxVisibleEdgeLengthSquared } from '../../renderer/linkIndices';
import type { AdjacencyShard } from '../format/adjacencyCodec';
import { rangeOfStar } from '../format/hierarchyCodec';
import type { SlotPool } from './slotPool';
import type { TiledLinkSettings } from './types';

/**
 * Most link pairs handed to the scene at once. 2M pairs are 16 MB of slot indices and a line list
 * of 4M vertices, about what the classic path draws for the largest published galaxies (npm: 1.6M
 * links shown at the default ml); more links than that over a budget of millions of stars are a
 * haze, not a picture, and cost every frame.
 */
export const LINK_PAIR_BUDGET = 2_000_000;

export function adjacencyShardBytes(shard: AdjacencyShard): number {
  return shard.outOffsets.byteLength + shard.inOffsets.byteLength + shard.outTargets.byteLength + shard.inTargets.byteLength;
}

export interface LinkUpdate {
  /** Drawn tiles, any order. */
  drawnTiles: readonly number[];
  /** 1 for every drawn tile, per tile. */
  isDrawn: Uint8Array;
  /** The adjacency shard when it is held, without fetching it. */
  shard(index: number): AdjacencyShard | undefined;
  settings: TiledLinkSettings;
}

export interface LinkState {
  /** Pairs of slots, from then to. A new array whenever the pairs changed. */
  pairs: Uint32Array;
  /** Shards drawn tiles need that are not held, most important (lowest star numbers) first. */
  missingShards: number[];
  /** Bytes of the held shards of the drawn stars. */
  shardBytes: number;
}

/**
 * The links between drawn stars as pairs of slots, by the classic galaxy's rule (docs/rules.md#renderer:
 * drawn when the squared length is at most ml² × s), kept up to date tile by tile: a tile whose
 * stars' shards are all held is *linked* by adding its out-links to linked tiles and itself and its
 * in-links from linked tiles, so every link is added once, when the later of its two tiles is linked;
 * a tile no longer drawn (or moved in the pool) takes its pairs with it. The cost of an update
 * follows what changed, not the number of links drawn. Tiles are linked most important (lowest
 * star numbers) first until the link budget is spent.
 */
export class TiledLinks {
  private buffer = new Uint32Array(0);
  private length = 0;
  private handedOut: Uint32Array | undefined;
  private readonly linked: Uint8Array;
  /** The tile's first slot when it was linked: a tile moved by the pool's compaction is linked again. */
  private readonly linkedSlot: Int32Array;
  private linkedTiles: number[] = [];
  private readonly droppedSlot: Uint8Array;
  private readonly shardFirstStars: Uint32Array;
  private key: string | undefined;

  constructor(
    private readonly pool: SlotPool,
    private readonly tileFirstStars: Uint32Array,
    shardBoundaries: readonly number[],
    private readonly maxPairs: number = LINK_PAIR_BUDGET,
  ) {
    this.linked = new Uint8Array(pool.tileCount);
    this.linkedSlot = new Int32Array(pool.tileCount).fill(-1);
    this.droppedSlot = new Uint8Array(pool.capacity);
    this.shardFirstStars = Uint32Array.from(shardBoundaries);
  }

  update({ drawnTiles, isDrawn, shard, settings }: LinkUpdate): LinkState {
    const key = `${settings.maxVisibleDistance} ${settings.scale}`;
    if (key !== this.key) this.reset(key);
    const removed = this.linkedTiles.filter((tile) => !isDrawn[tile] || this.pool.firstSlotOf(tile) !== this.linkedSlot[tile]);
    if (removed.length > 0) this.unlink(removed);

    const limit = maxVisibleEdgeLengthSquared(settings.maxVisibleDistance, settings.scale);
    const missingShards: number[] = [];
    const usedShards = new Set<number>();
    let shardBytes = 0;
    let full = this.length >= this.maxPairs * 2;
    for (const tile of [...drawnTiles].sort((a, b) => a - b)) {
      const first = this.tileFirstStars[tile];
      const end = this.tileFirstStars[tile + 1];
      const shards: AdjacencyShard[] = [];
      for (let k = rangeOfStar(this.shardFirstStars, first); k < this.shardFirstStars.length - 1 && this.shardFirstStars[k] < end; k++) {
        const held = shard(k);
        if (held) {
          shards.push(held);
          if (!usedShards.has(k)) {
            usedShards.add(k);
            shardBytes += adjacencyShardBytes(held);
          }
        } else if (!this.linked[tile] && !full && missingShards[missingShards.length - 1] !== k) {
          missingShards.push(k);
        }
      }
      if (this.linked[tile] || full || shards.length === 0 || shards[0].firstStar > first || shards[shards.length - 1].firstStar + shards[shards.length - 1].count < end) continue;
      if (!shards.every((held, i) => i === 0 || held.firstStar === shards[i - 1].firstStar + shards[i - 1].count)) continue;
      full = !this.link(tile, shards, isDrawn, limit);
    }
    if (removed.length > 0 || this.handedOut === undefined || this.handedOut.length !== this.length) {
      this.handedOut = this.buffer.slice(0, this.length);
    }
    return { pairs: this.handedOut, missingShards, shardBytes };
  }

  private reset(key: string): void {
    this.key = key;
    this.length = 0;
    this.handedOut = undefined;
    for (const tile of this.linkedTiles) this.linked[tile] = 0;
    this.linkedTiles = [];
  }

  /** Drops the pairs of tiles no longer drawn where they were linked. */
  private unlink(tiles: number[]): void {
    const dropped = this.droppedSlot;
    for (const tile of tiles) {
      const start = this.linkedSlot[tile];
      dropped.fill(1, start, start + this.tileFirstStars[tile + 1] - this.tileFirstStars[tile]);
      this.linked[tile] = 0;
    }
    const pairs = this.buffer;
    let kept = 0;
    for (let i = 0; i < this.length; i += 2) {
      if (dropped[pairs[i]] || dropped[pairs[i + 1]]) continue;
      pairs[kept++] = pairs[i];
      pairs[kept++] = pairs[i + 1];
    }
    this.length = kept;
    for (const tile of tiles) {
      const start = this.linkedSlot[tile];
      dropped.fill(0, start, start + this.tileFirstStars[tile + 1] - this.tileFirstStars[tile]);
    }
    this.linkedTiles = this.linkedTiles.filter((tile) => this.linked[tile]);
  }

  /** Adds a tile's links to the linked tiles and itself; false when the budget ran out on the way. */
  private link(tile: number, shards: readonly AdjacencyShard[], isDrawn: Uint8Array, limit: number): boolean {
    const { pool, tileFirstStars, linked } = this;
    const p = pool.positions;
    const first = tileFirstStars[tile];
    const end = tileFirstStars[tile + 1];
    const base = pool.firstSlotOf(tile);
    const max = this.maxPairs * 2;
    let room = true;
    const add = (from: number, to: number) => {
      const dx = p[to * 3] - p[from * 3], dy = p[to * 3 + 1] - p[from * 3 + 1], dz = p[to * 3 + 2] - p[from * 3 + 2];
      if (dx * dx + dy * dy + dz * dz > limit) return;
      if (this.length >= max) {
        room = false;
        return;
      }
      if (this.length + 2 > this.buffer.length) this.grow();
      this.buffer[this.length++] = from;
      this.buffer[this.length++] = to;
    };
    linked[tile] = 1; // so that links within the tile are taken (once, from their out-lists)
    this.linkedSlot[tile] = base;
    this.linkedTiles.push(tile);
    for (const held of shards) {
      const from = Math.max(first, held.firstStar);
      const to = Math.min(end, held.firstStar + held.count);
      for (let star = from; star < to && room; star++) {
        const slot = base + star - first;
        const local = star - held.firstStar;
        for (let i = held.outOffsets[local], stop = held.outOffsets[local + 1]; i < stop; i++) {
          const target = held.outTargets[i];
          const targetTile = rangeOfStar(tileFirstStars, target);
          if (isDrawn[targetTile] && linked[targetTile]) add(slot, pool.firstSlotOf(targetTile) + target - tileFirstStars[targetTile]);
        }
        for (let i = held.inOffsets[local], stop = held.inOffsets[local + 1]; i < stop; i++) {
          const source = held.inTargets[i];
          const sourceTile = rangeOfStar(tileFirstStars, source);
          if (sourceTile !== tile && isDrawn[sourceTile] && linked[sourceTile]) add(pool.firstSlotOf(sourceTile) + source - tileFirstStars[sourceTile], slot);
        }
      }
    }
    return room;
  }

  private grow(): void {
    const grown = new Uint32Array(Math.min(this.maxPairs * 2, Math.max(1024, this.buffer.length * 2)));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}
