import { describe, expect, it } from 'vitest';
import { firstStarsOf } from '../../../src/boot/rootTileStars';
import type { DecodedTile } from '../../../src/tiles/format/tileCodec';
import type { TileIndex } from '../../../src/tiles/format/tileIndex';

const root: DecodedTile = {
  tile: 0,
  firstStar: 0,
  count: 3,
  classicIds: Uint32Array.from([7, 3, 9]),
  positions: Float32Array.from([1, 2, 3, -4, 5, -6, 0, 0, 10]),
  inDegree: Uint32Array.from([40, 10, 0]),
  outDegree: Uint32Array.from([1, 2, 3]),
};
const index = (links: number, maxInDegree: number) => ({ links, maxInDegree }) as TileIndex;

describe("the root tile's stars drawn before the viewer runs", () => {
  it('stand where the scene puts them, the scale s applied', () => {
    expect([...firstStarsOf(root, index(100, 40), 2).positions]).toEqual([2, 4, 6, -8, 10, -12, 0, 0, 20]);
  });

  it("are sized by the node size rule with the galaxy's true maximum, 30 without links", () => {
    // 200 / 80 x in + 15: the galaxy's maximum, not the tile's (40).
    expect([...firstStarsOf(root, index(100, 80), 1).sizes]).toEqual([115, 40, 30]);
    expect([...firstStarsOf(root, index(0, 0), 1).sizes]).toEqual([30, 30, 30]);
  });
});
