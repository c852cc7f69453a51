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

export interface LinkPairsInput {
  pool: SlotPool;
  /** Drawn tiles, any order. */
  drawnTiles: readonly number[];
  /** 1 for every drawn tile, per tile. */
  isDrawn: Uint8Array;
  tileFirstStars: Uint32Array;
  /** index.json's adjacency starBoundaries. */
  shardBoundaries: readonly number[];
  /** The shard when it is held, without fetching it. */
  shard(index: number): AdjacencyShard | undefined;
  settings: TiledLinkSettings;
  maxPairs?: number;
}

export interface LinkPairs {
  /** Pairs of slots, from then to. */
  pairs: Uint32Array;
  /** Shards the drawn stars need that are not held, most important (lowest star numbers) first. */
  missingShards: number[];
  /** Bytes of the held shards these pairs came from. */
  shardBytes: number;
}

export function adjacencyShardBytes(shard: AdjacencyShard): number {
  return shard.outOffsets.byteLength + shard.inOffsets.byteLength + shard.outTargets.byteLength + shard.inTargets.byteLength;
}

/**
 * The links between drawn stars as pairs of slots, by the same rule as the classic galaxy's
 * (docs/rules.md#renderer: drawn when the squared length is at most ml² × s), taken from the most
 * important stars (lowest star numbers, the coarse tiles) first until the link budget is spent.
 * Each link is taken once, from its source star's out-links.
 */
export function collectLinkPairs(input: LinkPairsInput): LinkPairs {
  const { pool, isDrawn, tileFirstStars, shardBoundaries, settings } = input;
  const maxPairs = input.maxPairs ?? LINK_PAIR_BUDGET;
  const limit = maxVisibleEdgeLengthSquared(settings.maxVisibleDistance, settings.scale);
  const tiles = [...input.drawnTiles].sort((a, b) => a - b);
  let bound = 0;
  for (const tile of tiles) {
    const range = pool.rangeOf(tile);
    if (!range) continue;
    for (let slot = range.start; slot < range.start + range.count; slot++) bound += pool.outDegree[slot];
  }
  const pairs = new Uint32Array(Math.min(bound, maxPairs) * 2);
  const missingShards: number[] = [];
  const usedShards = new Set<number>();
  let shardBytes = 0;
  const p = pool.positions;
  let n = 0;
  outer: for (const tile of tiles) {
    const range = pool.rangeOf(tile);
    if (!range) continue;
    const first = tileFirstStars[tile];
    const end = first + range.count;
    for (let star = first; star < end; ) {
      const k = rangeOfStar(shardBoundaries, star);
      const shardEnd = Math.min(end, shardBoundaries[k + 1]);
      const shard = input.shard(k);
      if (!shard) {
        if (missingShards[missingShards.length - 1] !== k) missingShards.push(k);
        star = shardEnd;
        continue;
      }
      if (!usedShards.has(k)) {
        usedShards.add(k);
        shardBytes += adjacencyShardBytes(shard);
      }
      for (; star < shardEnd; star++) {
        const from = range.start + star - first;
        const fx = p[from * 3], fy = p[from * 3 + 1], fz = p[from * 3 + 2];
        const local = star - shard.firstStar;
        for (let i = shard.outOffsets[local], stop = shard.outOffsets[local + 1]; i < stop; i++) {
          const target = shard.outTargets[i];
          const targetTile = rangeOfStar(tileFirstStars, target);
          if (!isDrawn[targetTile]) continue;
          const to = pool.firstSlotOf(targetTile) + target - tileFirstStars[targetTile];
          const dx = p[to * 3] - fx, dy = p[to * 3 + 1] - fy, dz = p[to * 3 + 2] - fz;
          if (dx * dx + dy * dy + dz * dz > limit) continue;
          if (n >= pairs.length) break outer;
          pairs[n++] = from;
          pairs[n++] = to;
        }
      }
    }
  }
  return { pairs: n === pairs.length ? pairs : pairs.slice(0, n), missingShards, shardBytes };
}
