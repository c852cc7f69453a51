import { describe, expect, it } from 'vitest';
import type { AdjacencyShard } from '../../../../src/tiles/format/adjacencyCodec';
import { adjacencyBytesHeld, adjacencyOfStars, outLinksBytesHeld, outLinksOfStars, type TileOutLinks } from '../../../../src/tiles/stream/adjacencyCuts';
import { shardsHolding } from '../../../../src/tiles/stream/recentShards';
import { TileAdjacency } from '../../../../src/tiles/stream/tileAdjacency';
import { HeldParts } from '../../../../src/tiles/stream/heldParts';

/** 40 stars; star s links out to s+1 and s+2 (below 40), so in-links come from s-1 and s-2. */
const STARS = 40;
const outOf = (s: number) => [s + 1, s + 2].filter((t) => t < STARS);
const inOf = (s: number) => [s - 1, s - 2].filter((t) => t >= 0);

function shardOf(shard: number, firstStar: number, count: number): AdjacencyShard {
  const side = (linksOf: (s: number) => number[]) => {
    const offsets = new Uint32Array(count + 1);
    const targets: number[] = [];
    for (let i = 0; i < count; i++) {
      targets.push(...linksOf(firstStar + i));
      offsets[i + 1] = targets.length;
    }
    return [offsets, Uint32Array.from(targets)] as const;
  };
  const [outOffsets, outTargets] = side(outOf);
  const [inOffsets, inTargets] = side(inOf);
  return { shard, firstStar, count, outOffsets, outTargets, inOffsets, inTargets };
}

const linksOfStar = (adjacency: AdjacencyShard, star: number, side: 'out' | 'in') => {
  const local = star - adjacency.firstStar;
  const [offsets, targets] = side === 'out' ? [adjacency.outOffsets, adjacency.outTargets] : [adjacency.inOffsets, adjacency.inTargets];
  return Array.from(targets.subarray(offsets[local], offsets[local + 1]));
};

// Shards of 16, 16 and 8 stars; tiles of 10 stars, so tile 1 (stars 10-19) spans shards 0 and 1.
const SHARD_FIRST_STARS = [0, 16, 32, 40];
const TILE_FIRST_STARS = Uint32Array.from([0, 10, 20, 30, 40]);
const shards = SHARD_FIRST_STARS.slice(0, -1).map((first, k) => shardOf(k, first, SHARD_FIRST_STARS[k + 1] - first));

/** The target stars of links from .. to - 1 of a tile's out-links: each is its tile's first star plus its place there. */
const targetsOf = (held: TileOutLinks, tileFirstStars: Uint32Array, from: number, to: number) =>
  Array.from(held.outTargetPlaces.subarray(from, to), (place, k) => tileFirstStars[held.outTargetTiles[from + k]] + place);

describe('outLinksOfStars', () => {
  it('holds each target as its tile and its place there, in two bytes each where tiles and their stars count in 16 bits, in four where not', () => {
    const narrow = outLinksOfStars(shards.slice(0, 2), 10, 10, TILE_FIRST_STARS);
    expect([narrow.outTargetTiles, narrow.outTargetPlaces].map((column) => column.BYTES_PER_ELEMENT)).toEqual([2, 2]);
    expect(outLinksBytesHeld(narrow)).toBe(11 * 4 + 20 * 4);
    // A galaxy with a tile of 70,000 stars (stars 40..70,039): places need four bytes, tiles still two.
    const withLargeTile = Uint32Array.from([...TILE_FIRST_STARS, 70_040]);
    const wide = outLinksOfStars(shards.slice(0, 2), 10, 10, withLargeTile);
    expect([wide.outTargetTiles, wide.outTargetPlaces].map((column) => column.BYTES_PER_ELEMENT)).toEqual([2, 4]);
    for (const [held, tileFirstStars] of [[narrow, TILE_FIRST_STARS], [wide, withLargeTile]] as const) {
      for (let local = 0; local < 10; local++) expect(targetsOf(held, tileFirstStars, held.outOffsets[local], held.outOffsets[local + 1])).toEqual(outOf(10 + local));
    }
  });
});

describe('adjacencyOfStars', () => {
  it('copies the links of a range of stars out of the shards that hold it, the same links star by star', () => {
    const piece = adjacencyOfStars([shards[0], shards[1]], 10, 10);
    expect(piece.firstStar).toBe(10);
    expect(piece.count).toBe(10);
    for (let star = 10; star < 20; star++) {
      expect(linksOfStar(piece, star, 'out')).toEqual(outOf(star));
      expect(linksOfStar(piece, star, 'in')).toEqual(inOf(star));
    }
    // Its own arrays, not views of the shards', so that the shards can go.
    expect(piece.outTargets.buffer).not.toBe(shards[0].outTargets.buffer);
    expect(adjacencyBytesHeld(piece)).toBeLessThan(adjacencyBytesHeld(shards[0]) + adjacencyBytesHeld(shards[1]));
  });

  it('refuses shards that do not cover the range', () => {
    expect(() => adjacencyOfStars([shards[0]], 10, 10)).toThrow(/do not hold stars 10-19/);
  });
});

describe('TileAdjacency', () => {
  function open(fail: Set<number> = new Set()) {
    const fetched: number[] = [];
    const arrived: number[] = [];
    const failed: number[] = [];
    let notify = () => {};
    // The tile source's side: each tile cut out of the shards that hold its stars.
    const shardsOfTile = async (tile: number) => {
      const first = TILE_FIRST_STARS[tile];
      const count = TILE_FIRST_STARS[tile + 1] - first;
      const wanted = shardsHolding(SHARD_FIRST_STARS, first, count);
      fetched.push(tile);
      await Promise.resolve();
      const missing = wanted.find((shard) => fail.has(shard));
      if (missing !== undefined) throw new Error(`adjacency shard ${missing} is missing`);
      return [wanted.map((k) => shards[k]), first, count] as const;
    };
    const adjacency = new TileAdjacency({
      tileFirstStars: TILE_FIRST_STARS,
      holding: new HeldParts({ bytes: 1e6, caps: { names: 1e6, outLinks: 1e6, adjacency: 1e6 } }),
      fetchOutLinks: async (tile) => outLinksOfStars(...(await shardsOfTile(tile)), TILE_FIRST_STARS),
      fetchWhole: async (tile) => adjacencyOfStars(...(await shardsOfTile(tile))),
      onArrived: (tile) => {
        arrived.push(tile);
        notify();
      },
      onFailed: (tile) => {
        failed.push(tile);
        notify();
      },
    });
    const settled = (count: number) =>
      new Promise<void>((resolve) => {
        notify = () => {
          if (arrived.length + failed.length >= count) resolve();
        };
        notify();
      });
    return { adjacency, fetched, arrived, failed, settled };
  }

  it('holds a tile\'s own links only, each tile asked of the source once', async () => {
    const { adjacency, fetched, settled } = open();
    expect(adjacency.tileOfStar(25)).toBe(2);
    expect(adjacency.get(0)).toBeUndefined();
    adjacency.requestOutLinks(1);
    adjacency.requestOutLinks(2);
    await settled(3);
    expect(fetched.sort()).toEqual([0, 1, 2]);
    const whole = adjacency.get(0)!;
    for (let star = 0; star < 10; star++) {
      expect(linksOfStar(whole, star, 'out')).toEqual(outOf(star));
      expect(linksOfStar(whole, star, 'in')).toEqual(inOf(star));
    }
    for (const tile of [1, 2]) {
      const held = adjacency.peekOutLinks(tile)!;
      expect(held.firstStar).toBe(TILE_FIRST_STARS[tile]);
      for (let star = TILE_FIRST_STARS[tile]; star < TILE_FIRST_STARS[tile + 1]; star++) {
        const local = star - held.firstStar;
        const range = [held.outOffsets[local], held.outOffsets[local + 1]] as const;
        expect(targetsOf(held, TILE_FIRST_STARS, ...range)).toEqual(outOf(star));
        expect(Array.from(held.outTargetTiles.subarray(...range))).toEqual(outOf(star).map((t) => Math.floor(t / 10)));
      }
    }
    expect(adjacency.peekOutLinks(0)).toBeUndefined();
    expect(adjacency.peekOutLinks(3)).toBeUndefined();
    // Two tiles' out-links of 10 stars hold less than the two shards of 32 stars they came from.
    expect(adjacency.outLinkBytes).toBeLessThan(adjacencyBytesHeld(shards[0]) + adjacencyBytesHeld(shards[1]));
  });

  it('names a tile whose shard could not be read as failed, and asks again only after retryFailed', async () => {
    const { adjacency, fetched, failed, settled } = open(new Set([2]));
    adjacency.requestOutLinks(3);
    await settled(1);
    expect(failed).toEqual([3]);
    adjacency.requestOutLinks(3);
    expect(adjacency.outLinksInFlight).toBe(0);
    adjacency.retryFailed();
    adjacency.requestOutLinks(3);
    await settled(2);
    expect(fetched.filter((tile) => tile === 3)).toHaveLength(2);
  });
});
