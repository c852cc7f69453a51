import { describe, expect, it } from 'vitest';
import { indexLabels, labelAt } from '../../../../src/data/labelIndex';
import { namesOfStars, TileNames } from '../../../../src/tiles/stream/tileNames';
import type { LabelShardNames } from '../../../../src/tiles/stream/tileSource';
import { HeldParts } from '../../../../src/tiles/stream/heldParts';

const nameOf = (star: number) => `star-${star}-<b>`;
// Shards of 16, 16 and 8 stars; tiles of 10 stars, so tile 1 (stars 10-19) spans shards 0 and 1.
const SHARD_FIRST_STARS = [0, 16, 32, 40];
const TILE_FIRST_STARS = Uint32Array.from([0, 10, 20, 30, 40]);
const shards: LabelShardNames[] = SHARD_FIRST_STARS.slice(0, -1).map((first, shard) => ({
  shard,
  firstStar: first,
  names: indexLabels(Array.from({ length: SHARD_FIRST_STARS[shard + 1] - first }, (_, i) => nameOf(first + i))),
}));

describe('namesOfStars', () => {
  it('copies the names of a range of stars out of the shards that hold it', () => {
    const piece = namesOfStars([shards[0], shards[1]], 10, 10);
    expect(piece.firstStar).toBe(10);
    expect(Array.from({ length: 10 }, (_, i) => labelAt(piece.names, i))).toEqual(Array.from({ length: 10 }, (_, i) => nameOf(10 + i)));
    expect(piece.names.labelText.length).toBeLessThan(shards[0].names.labelText.length);
  });

  it('refuses shards that do not cover the range', () => {
    expect(() => namesOfStars([shards[1]], 10, 10)).toThrow(/do not hold stars 10-19/);
  });
});

describe('TileNames', () => {
  it('answers a star\'s name once its tile\'s names are in, fetching a shard once for the tiles asked for together', async () => {
    const fetched: number[] = [];
    let arrived = 0;
    const names = new TileNames({
      tileFirstStars: TILE_FIRST_STARS,
      shardFirstStars: SHARD_FIRST_STARS,
      holding: new HeldParts({ bytes: 1e6, caps: { names: 1e6, outLinks: 1e6, adjacency: 1e6 } }),
      fetchShard: async (shard) => {
        fetched.push(shard);
        return shards[shard];
      },
      onArrived: () => arrived++,
      onFailed: () => {},
    });
    expect(names.labelOf(5)).toBeUndefined();
    expect(names.labelOf(15)).toBeUndefined();
    expect(names.labelOf(25)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(arrived).toBe(3);
    expect(fetched.sort()).toEqual([0, 1]);
    expect([5, 15, 19, 25].map((star) => names.labelOf(star))).toEqual([5, 15, 19, 25].map(nameOf));
    expect(names.peekShard(1)).toBe(shards[1]);
    names.dispose();
  });
});
