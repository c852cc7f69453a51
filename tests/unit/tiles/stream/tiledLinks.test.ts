import { describe, expect, it } from 'vitest';
import type { DecodedTile } from '../../../../src/tiles/format/tileCodec';
import type { TileOutLinks } from '../../../../src/tiles/stream/adjacencyCuts';
import { SlotPool } from '../../../../src/tiles/stream/slotPool';
import { TiledLinks, type LinkState } from '../../../../src/tiles/stream/tiledLinkPairs';

const TILES = 60;
const STARS_A_TILE = 20;
const firstStars = Uint32Array.from({ length: TILES + 1 }, (_, t) => t * STARS_A_TILE);
const settings = { showLinks: true, maxVisibleDistance: 1000, scale: 1 };

/** Star s at x = s: every star links to the next star and to the star one tile on (all short enough to draw). */
function decoded(tile: number): DecodedTile {
  const firstStar = firstStars[tile];
  const positions = new Float32Array(STARS_A_TILE * 3);
  for (let k = 0; k < STARS_A_TILE; k++) positions[k * 3] = firstStar + k;
  const none = new Uint32Array(STARS_A_TILE);
  return { tile, firstStar, count: STARS_A_TILE, classicIds: none, positions, inDegree: none, outDegree: none };
}

function outLinksOf(tile: number): TileOutLinks {
  const targets: number[] = [];
  const outOffsets = new Uint32Array(STARS_A_TILE + 1);
  for (let k = 0; k < STARS_A_TILE; k++) {
    const star = firstStars[tile] + k;
    for (const target of [star + 1, star + STARS_A_TILE]) if (target < firstStars[TILES]) targets.push(target);
    outOffsets[k + 1] = targets.length;
  }
  const outTargetTiles = Uint32Array.from(targets, (target) => Math.floor(target / STARS_A_TILE));
  const outTargetPlaces = Uint32Array.from(targets, (target) => target % STARS_A_TILE);
  return { firstStar: firstStars[tile], count: STARS_A_TILE, outOffsets, outTargetTiles, outTargetPlaces };
}

const held = Array.from({ length: TILES }, (_, tile) => outLinksOf(tile));

function drawn(tiles: number[]) {
  const isDrawn = new Uint8Array(TILES);
  for (const tile of tiles) isDrawn[tile] = 1;
  return { drawnTiles: tiles, isDrawn, outLinks: (tile: number) => held[tile], settings };
}

/** The links the pool's drawn tiles should show, as "star>star", sorted. */
function expected(pool: SlotPool, tiles: number[]): string[] {
  const shown = new Set(tiles);
  const out: string[] = [];
  for (const tile of tiles) {
    for (let k = 0; k < STARS_A_TILE; k++) {
      const star = firstStars[tile] + k;
      for (const target of [star + 1, star + STARS_A_TILE]) if (target < firstStars[TILES] && shown.has(Math.floor(target / STARS_A_TILE))) out.push(`${star}>${target}`);
    }
  }
  expect(pool.residentTiles().length).toBeGreaterThan(0);
  return out.sort();
}

function shownLinks(pool: SlotPool, pairs: Uint32Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) out.push(`${pool.starOfSlot(pairs[i])}>${pool.starOfSlot(pairs[i + 1])}`);
  return out.sort();
}

/** What a renderer holding `before` holds once it writes `state`'s changed ranges. */
function written(before: Uint32Array, state: LinkState): Uint32Array<ArrayBuffer> {
  const after = new Uint32Array(state.pairs.length);
  after.set(before.subarray(0, Math.min(before.length, after.length)));
  for (const { start, count } of state.changed) after.set(state.pairs.subarray(start, start + count), start);
  return after;
}

describe('TiledLinks: the links between drawn tiles, kept up to date tile by tile', () => {
  const all = Array.from({ length: TILES }, (_, tile) => tile);

  function linkedPool() {
    const pool = new SlotPool(TILES * STARS_A_TILE, firstStars, 1, 1);
    for (const tile of all) pool.place(decoded(tile));
    const links = new TiledLinks(pool, firstStars);
    const first = links.update(drawn(all));
    return { pool, links, first, copy: Uint32Array.from(first.pairs) };
  }

  it('drops one tile of many touching only the pairs of that tile, and says which few indices changed', () => {
    const { pool, links, first, copy } = linkedPool();
    expect(shownLinks(pool, first.pairs)).toEqual(expected(pool, all));
    const visitedBefore = links.work.pairsVisited;

    const rest = all.filter((tile) => tile !== 30);
    const state = links.update(drawn(rest));
    // Tile 30's pairs: its 20 stars' links to the next star and one tile on, and those of tile 29 into it.
    const pairsOfTile = first.pairs.length / 2 - state.pairs.length / 2;
    expect(pairsOfTile).toBeLessThanOrEqual(2 * 2 * STARS_A_TILE + 1);
    expect(shownLinks(pool, state.pairs)).toEqual(expected(pool, rest));
    // The work follows the tile's pairs, not the ~2400 pairs held: each visited and its place filled once at most.
    expect(links.work.pairsVisited - visitedBefore).toBeLessThanOrEqual(pairsOfTile * 2);
    // Handed out as a view of the pairs held, not a copy of them.
    expect(state.pairs.buffer).toBe(first.pairs.buffer);
    expect(state.version).toBe(first.version + 1);
    // A renderer that held the pairs before writes a few ranges, no more indices than the dropped pairs had.
    const changedIndices = state.changed.reduce((sum, range) => sum + range.count, 0);
    expect(changedIndices).toBeLessThanOrEqual(pairsOfTile * 2);
    expect(shownLinks(pool, written(copy, state))).toEqual(expected(pool, rest));
  });

  it('adds a tile drawn again at the end, and relinks a tile the pool moved', () => {
    const { pool, links } = linkedPool();
    const rest = all.filter((tile) => tile !== 10 && tile !== 11);
    let before = Uint32Array.from(links.update(drawn(rest)).pairs);
    pool.free(10);
    pool.free(11);
    // Tile 12 moves into the hole the compaction closes: its pairs point at other slots now.
    pool.free(12);
    expect(pool.place(decoded(12))?.start).not.toBe(undefined);
    const moved = links.update(drawn(rest));
    expect(shownLinks(pool, moved.pairs)).toEqual(expected(pool, rest));
    expect(shownLinks(pool, written(before, moved))).toEqual(expected(pool, rest));
    before = Uint32Array.from(moved.pairs);

    pool.place(decoded(10));
    const again = links.update(drawn([...rest, 10]));
    expect(shownLinks(pool, again.pairs)).toEqual(expected(pool, [...rest, 10]));
    expect(shownLinks(pool, written(before, again))).toEqual(expected(pool, [...rest, 10]));
    // Nothing changed: the same pairs, the same version.
    expect(links.update(drawn([...rest, 10]))).toMatchObject({ pairs: again.pairs, version: again.version });
  });

  it('keeps every link once through many drops and adds, within the budget, the most important tiles first', () => {
    const pool = new SlotPool(TILES * STARS_A_TILE, firstStars, 1, 1);
    for (const tile of all) pool.place(decoded(tile));
    const links = new TiledLinks(pool, firstStars, 500);
    let holding = Uint32Array.from(links.update(drawn(all)).pairs);
    expect(holding.length).toBe(1000);
    let tiles = all;
    for (let round = 0; round < 30; round++) {
      // Drop three tiles, bring back one dropped before.
      const dropped = [(round * 7) % TILES, (round * 13 + 5) % TILES, (round * 29 + 3) % TILES];
      tiles = [...new Set([...tiles.filter((tile) => !dropped.includes(tile)), (round * 11 + 1) % TILES])];
      const state = links.update(drawn(tiles));
      holding = written(holding, state);
      const shown = shownLinks(pool, holding);
      expect(new Set(shown).size).toBe(shown.length);
      const wanted = new Set(expected(pool, tiles));
      expect(shown.every((link) => wanted.has(link))).toBe(true);
      expect(holding.length).toBeLessThanOrEqual(1000);
    }
    // Once the budget has room, the lowest tiles' links are all there.
    const few = [0, 1, 2, 3];
    const state = links.update(drawn(few));
    expect(shownLinks(pool, written(holding, state))).toEqual(expected(pool, few));
  });
});
