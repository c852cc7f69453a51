import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GraphData } from '../../../../src/data/graph';
import { splitLabels } from '../../../../src/data/labelIndex';
import { visibleLinkIndices } from '../../../../src/renderer/linkIndices';
import { starSize } from '../../../../src/renderer/starStyle';
import { matchLabels } from '../../../../src/search/regexSearch';
import { describeTileRegion } from '../../../../src/tiles/format/region';
import type { TiledGalaxyReader } from '../../../../src/tiles/format/tiledGalaxyReader';
import type { OpenTiledGalaxyOptions, StreamedTiledGalaxy } from '../../../../src/tiles/stream/openTiledGalaxy';
import type { SearchProgress } from '../../../../src/search/starSearch';
import type { StarSourceChange } from '../../../../src/stars/starSource';
import { PLAN_INTERVAL_MS } from '../../../../src/tiles/planner/budgets';
import { writeTiles } from '../../../../src/tiles/write/writeTiles';
import { HeldParts } from '../../../../src/tiles/stream/heldParts';
import { classicData, openTiles, removeTempFolders, syntheticVersion, tempFolder } from '../../../support/tiledFixtures';
import { cameraLookingAt, classicIdsByStar, nextCatalogChange, openTestGalaxy } from '../../../support/tiledStream';

const STARS = 4000;
const everything = { stars: 1_000_000, bytes: 1e9 };

let versionDir: string;
let data: GraphData;
let reader: TiledGalaxyReader;
let classicOf: Uint32Array;
let starOf: Uint32Array;
let names: string[];
const opened: StreamedTiledGalaxy[] = [];

beforeAll(async () => {
  versionDir = syntheticVersion(STARS);
  writeTiles(versionDir, { capacity: 200, shardBytes: 8192 });
  data = classicData(versionDir);
  reader = await openTiles(versionDir);
  classicOf = await classicIdsByStar(versionDir);
  starOf = new Uint32Array(STARS);
  classicOf.forEach((classic, star) => (starOf[classic] = star));
  names = splitLabels(data);
});

afterEach(() => {
  for (const galaxy of opened.splice(0)) galaxy.dispose();
});

afterAll(removeTempFolders);

async function open(
  budget = everything,
  scale = 1,
  onRead?: (file: string) => void,
  dir = versionDir,
  more: Partial<OpenTiledGalaxyOptions> = {},
): Promise<StreamedTiledGalaxy> {
  const galaxy = await openTestGalaxy(dir, budget, scale, onRead, more);
  opened.push(galaxy);
  return galaxy;
}

function rootCentre(): [number, number, number] {
  const b = reader.hierarchy.boxes;
  return [(b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2];
}

/** The whole galaxy in view from far out on +z (world coordinates: galaxy times the scale). */
function wholeView(scale = 1) {
  const [x, y, z] = rootCentre().map((v) => v * scale);
  return cameraLookingAt([x, y, z + 40000 * Math.abs(scale)], [x, y, z]);
}

function subtreeStars(tile: number): number {
  const h = reader.hierarchy;
  let stars = h.starCount[tile];
  for (let c = 0; c < h.childCount[tile]; c++) stars += subtreeStars(h.firstChild[tile] + c);
  return stars;
}

describe(`a tiled galaxy streamed into the slot pool (${STARS} stars, 200 a tile)`, () => {
  it('draws the root tile as soon as it opens, before any camera', async () => {
    const galaxy = await open();
    const cells = galaxy.stars.drawnCells();
    expect(cells.cells).toBe(1);
    expect(cells.count[0]).toBe(reader.hierarchy.starCount[0]);
    expect(galaxy.stars.drawnStars).toBe(reader.hierarchy.starCount[0]);
    expect(galaxy.starCount).toBe(STARS);
    expect(galaxy.edgeCount).toBe(data.edgeCount);
  });

  it('draws every star when the budget allows, each at its classic position times the scale, sized by the node size rule', async () => {
    const scale = 2;
    const galaxy = await open(everything, scale);
    galaxy.stars.setCamera(wholeView(scale));
    await galaxy.whenIdle();
    const { stars } = galaxy;
    expect(stars.drawnStars).toBe(STARS);
    let checked = 0;
    const wrong = { slots: 0, positions: 0, sizes: 0, degrees: 0, emptySizes: 0 };
    for (let slot = 0; slot < stars.capacity; slot++) {
      const star = stars.starOfSlot(slot);
      if (star < 0) {
        if (stars.sizes[slot] !== 0) wrong.emptySizes++;
        continue;
      }
      if (stars.slotOfStar(star) !== slot) wrong.slots++;
      const classic = classicOf[star];
      for (let axis = 0; axis < 3; axis++) if (stars.positions[slot * 3 + axis] !== data.positions[classic * 3 + axis] * scale) wrong.positions++;
      const inDegree = data.inOffsets[classic + 1] - data.inOffsets[classic];
      if (Math.abs(stars.sizes[slot] - starSize(inDegree, galaxy.maxInDegree)) > 1e-4) wrong.sizes++;
      if (galaxy.inDegreeOf(star) !== inDegree || galaxy.outDegreeOf(star) !== data.outOffsets[classic + 1] - data.outOffsets[classic]) wrong.degrees++;
      checked++;
    }
    expect(galaxy.maxInDegree).toBe(Math.max(...Array.from({ length: STARS }, (_, id) => data.inOffsets[id + 1] - data.inOffsets[id])));
    expect({ checked, wrong }).toEqual({ checked: STARS, wrong: { slots: 0, positions: 0, sizes: 0, degrees: 0, emptySizes: 0 } });
    // Every drawn cell holds its tile's slots, inside the tile's box times the scale.
    const cells = stars.drawnCells();
    let inCells = 0;
    for (let c = 0; c < cells.cells; c++) {
      for (let slot = cells.start[c]; slot < cells.start[c] + cells.count[c]; slot++, inCells++) {
        for (let axis = 0; axis < 3; axis++) {
          expect(stars.positions[slot * 3 + axis]).toBeGreaterThanOrEqual(cells.bounds[c * 6 + axis]);
          expect(stars.positions[slot * 3 + axis]).toBeLessThanOrEqual(cells.bounds[c * 6 + 3 + axis]);
        }
      }
    }
    expect(inCells).toBe(STARS);
  });

  it('sorts the cells\' bounds when the scale is negative', async () => {
    const galaxy = await open(everything, -1);
    galaxy.stars.setCamera(wholeView(-1));
    await galaxy.whenIdle();
    const cells = galaxy.stars.drawnCells();
    expect(galaxy.stars.drawnStars).toBe(STARS);
    for (let c = 0; c < cells.cells; c++) for (let axis = 0; axis < 3; axis++) expect(cells.bounds[c * 6 + axis]).toBeLessThan(cells.bounds[c * 6 + 3 + axis]);
    expect(galaxy.stars.bounds.min[0]).toBeLessThan(galaxy.stars.bounds.max[0]);
  });

  it('draws fewer stars within a smaller budget, and never holds more than the pool', async () => {
    const budget = { stars: 1000, bytes: 1e9 };
    const galaxy = await open(budget);
    galaxy.stars.setCamera(wholeView());
    await galaxy.whenIdle();
    const { stars } = galaxy;
    expect(stars.drawnStars).toBeGreaterThan(reader.hierarchy.starCount[0]);
    expect(stars.drawnStars).toBeLessThanOrEqual(budget.stars);
    expect(stars.residentStars).toBeLessThanOrEqual(stars.capacity);
    expect(stars.capacity).toBeLessThanOrEqual(budget.stars + 200);
  });

  it('grows its pool with a larger star budget and draws more, every placed star kept where it was', async () => {
    const galaxy = await open({ stars: 1000, bytes: 1e9 });
    const { stars } = galaxy;
    stars.setCamera(wholeView());
    await galaxy.whenIdle();
    const before = { capacity: stars.capacity, drawn: stars.drawnStars, positions: stars.positions };
    const slotOfFirstDrawn = stars.drawnCells().start[1];
    const starThere = stars.starOfSlot(slotOfFirstDrawn);
    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));
    stars.setStarBudget(3000);
    expect(stars.starBudget.stars).toBe(3000);
    expect(stars.capacity).toBeGreaterThan(before.capacity);
    expect(stars.positions).not.toBe(before.positions);
    expect(stars.starOfSlot(slotOfFirstDrawn)).toBe(starThere);
    await galaxy.whenIdle();
    expect(changes.some((change) => change.resized)).toBe(true);
    expect(stars.drawnStars).toBeGreaterThan(before.drawn);
    expect(stars.drawnStars).toBeLessThanOrEqual(3000);
    // A smaller budget draws fewer stars again; the pool keeps its slots.
    const grown = stars.capacity;
    stars.setStarBudget(800);
    stars.setCamera(wholeView());
    await galaxy.whenIdle();
    expect(stars.drawnStars).toBeLessThanOrEqual(800);
    expect(stars.capacity).toBe(grown);
    // Never below the root tile, never above the galaxy.
    stars.setStarBudget(1);
    expect(stars.starBudget.stars).toBe(reader.hierarchy.starCount[0]);
    stars.setStarBudget(1e9);
    expect(stars.starBudget.stars).toBe(STARS);
    expect(stars.capacity).toBe(STARS);
  });

  it('plans a flight 39 ms a move in the moves\' own tasks, at most every PLAN_INTERVAL_MS, and where it stops once more after it', async () => {
    const galaxy = await open();
    galaxy.stars.setCamera(wholeView());
    await galaxy.whenIdle();
    const [x, y, z] = rootCentre();
    // The clock of a GPU drawing 25 frames a second; the moves run in one go, so no timer can fire between them.
    let clock = performance.now() + PLAN_INTERVAL_MS;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const plannedAt: number[] = [];
    try {
      for (let i = 0; i < 12; i++) {
        const before = galaxy.stars.plans;
        galaxy.stars.setCamera(cameraLookingAt([x + 100 * i, y, z + 40000], [x, y, z]));
        if (galaxy.stars.plans > before) plannedAt.push(clock);
        clock += 39;
      }
      expect(plannedAt.length).toBeGreaterThanOrEqual(6);
      expect(plannedAt.every((at, i) => i === 0 || at - plannedAt[i - 1] >= PLAN_INTERVAL_MS)).toBe(true);
      // The last move came sooner than the interval after the last plan: it is planned in the first frame once the interval has passed.
      const plans = galaxy.stars.plans;
      clock += PLAN_INTERVAL_MS;
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(galaxy.stars.plans).toBeGreaterThan(plans);
    } finally {
      now.mockRestore();
    }
  });

  it('a plan that wants what the last one wanted, with no tile arrived since, leaves the fetches, the drawn tiles and the holding as they are', async () => {
    const galaxy = await open();
    const [x, y, z] = rootCentre();
    // Off the octree's symmetry planes, where no two tiles tie.
    const from = (drift: number) => cameraLookingAt([x + 370 + drift, y + 230, z + 40000], [x, y, z]);
    galaxy.stars.setCamera(from(0));
    await galaxy.whenIdle();
    const drawn = galaxy.stars.drawnTiles;
    let clock = performance.now() + PLAN_INTERVAL_MS;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const touched = vi.spyOn(HeldParts.prototype, 'wanted');
    const plans = galaxy.stars.plans;
    try {
      // A far camera drifting a little: every move is planned, each plan wants the same tiles in the same order.
      for (let i = 1; i <= 8; i++) {
        galaxy.stars.setCamera(from(i / 2));
        clock += PLAN_INTERVAL_MS;
      }
      expect(galaxy.stars.plans - plans).toBe(8);
      expect(galaxy.stars.drawnTiles).toEqual(drawn);
      expect(touched).not.toHaveBeenCalled();
      expect(galaxy.stars.busy).toBe(false);
    } finally {
      now.mockRestore();
      touched.mockRestore();
    }
  });

  it('zooming into one octant draws its fine tiles and evicts tiles elsewhere under a small budget', async () => {
    const h = reader.hierarchy;
    const budget = { stars: 1200, bytes: 1e9 };
    const galaxy = await open(budget);
    galaxy.stars.setCamera(wholeView());
    await galaxy.whenIdle();
    const residentBefore = galaxy.stars.residentTiles;
    const deepestBefore = Math.max(...galaxy.stars.drawnTiles.map((t) => h.level[t]));

    // The octant with the most stars; the camera sits in it, looking away from the galaxy's centre.
    const children = Array.from({ length: h.childCount[0] }, (_, c) => h.firstChild[0] + c);
    const octant = children.reduce((best, t) => (subtreeStars(t) > subtreeStars(best) ? t : best));
    const box = Array.from(h.boxes.subarray(octant * 6, octant * 6 + 6));
    const centre: [number, number, number] = [(box[0] + box[3]) / 2, (box[1] + box[4]) / 2, (box[2] + box[5]) / 2];
    const [cx, cy, cz] = rootCentre();
    const target: [number, number, number] = [centre[0] * 2 - cx, centre[1] * 2 - cy, centre[2] * 2 - cz];
    galaxy.stars.setCamera(cameraLookingAt(centre, target));
    await galaxy.whenIdle();

    const inOctant = (t: number) => {
      for (let at = t; at >= 0; at = h.parent[at]) if (at === octant) return true;
      return false;
    };
    const drawn = galaxy.stars.drawnTiles;
    const deepestInOctant = Math.max(...drawn.filter(inOctant).map((t) => h.level[t]));
    expect(deepestInOctant).toBeGreaterThan(deepestBefore);
    const starsInOctant = drawn.filter(inOctant).reduce((sum, t) => sum + h.starCount[t], 0);
    expect(starsInOctant).toBeGreaterThan(galaxy.stars.drawnStars / 2);
    expect(galaxy.stars.drawnStars).toBeLessThanOrEqual(budget.stars);
    const evicted = residentBefore.filter((t) => !inOctant(t) && t !== 0 && !galaxy.stars.residentTiles.includes(t));
    expect(evicted.length).toBeGreaterThan(0);
    expect(galaxy.stars.residentStars).toBeLessThanOrEqual(galaxy.stars.capacity);
    // What is resident is still right after the slots were reused.
    for (let slot = 0; slot < galaxy.stars.capacity; slot++) {
      const star = galaxy.stars.starOfSlot(slot);
      if (star >= 0) expect(galaxy.stars.positions[slot * 3]).toBe(data.positions[classicOf[star] * 3]);
    }
  });

  it("lets tiles go on the one eviction path within the drawn stars' bytes, never a drawn one", async () => {
    const h = reader.hierarchy;
    const wide = await open({ stars: 1200, bytes: 1e9 });
    wide.stars.setCamera(wholeView());
    await wide.whenIdle();
    // Room in bytes for a little more than one view's tiles, and slots for every star: turning away must let the old view's tiles go by their bytes.
    const bytes = Math.ceil((wide.stars.lastPlan?.wantedBytes ?? 0) * 1.3);
    const galaxy = await open({ stars: STARS, bytes });
    expect(galaxy.stars.capacity).toBe(STARS);
    const heldBytes = () => galaxy.stars.residentTiles.reduce((sum, t) => sum + h.byteSize[t], 0);
    galaxy.stars.setCamera(wholeView());
    await galaxy.whenIdle();
    const residentBefore = galaxy.stars.residentTiles;
    const [cx, cy, cz] = rootCentre();
    for (const [dx, dy] of [[1, 0], [0, 1], [-1, 0], [0, -1]]) {
      const eye: [number, number, number] = [cx + dx * 10, cy + dy * 10, cz];
      galaxy.stars.setCamera(cameraLookingAt(eye, [cx + dx * 1000, cy + dy * 1000, cz]));
      await galaxy.whenIdle();
      expect(heldBytes()).toBeLessThanOrEqual(bytes);
      for (const tile of galaxy.stars.drawnTiles) expect(galaxy.stars.residentTiles).toContain(tile);
    }
    expect(residentBefore.some((t) => !galaxy.stars.residentTiles.includes(t))).toBe(true);
  });

  it('answers names, degrees and neighbours undefined first and the right value after onChange', async () => {
    const galaxy = await open();
    // A star of a tile that is not resident, with links both ways.
    const star = Array.from({ length: STARS }, (_, s) => s).find((s) => {
      const c = classicOf[s];
      return s >= reader.hierarchy.starCount[0] && data.outOffsets[c + 1] > data.outOffsets[c] && data.inOffsets[c + 1] > data.inOffsets[c];
    }) as number;
    const classic = classicOf[star];
    expect(galaxy.stars.slotOfStar(star)).toBe(-1);
    expect(galaxy.has(star)).toBe(true);
    expect(galaxy.has(STARS)).toBe(false);

    expect(galaxy.labelOf(star)).toBeUndefined();
    await nextCatalogChange(galaxy);
    expect(galaxy.labelOf(star)).toBe(names[classic]);

    expect(galaxy.neighboursOf(star, 'out')).toBeUndefined();
    expect(galaxy.inDegreeOf(star)).toBeUndefined();
    await nextCatalogChange(galaxy);
    const toClassic = (stars: Uint32Array | undefined) => Array.from(stars ?? [], (s) => classicOf[s]);
    expect(toClassic(galaxy.neighboursOf(star, 'out'))).toEqual(Array.from(data.outTargets.subarray(data.outOffsets[classic], data.outOffsets[classic + 1])));
    expect(toClassic(galaxy.neighboursOf(star, 'in')).sort((a, b) => a - b)).toEqual(
      Array.from(data.inTargets.subarray(data.inOffsets[classic], data.inOffsets[classic + 1])).sort((a, b) => a - b),
    );
    expect(galaxy.inDegreeOf(star)).toBe(data.inOffsets[classic + 1] - data.inOffsets[classic]);
    expect(galaxy.outDegreeOf(star)).toBe(data.outOffsets[classic + 1] - data.outOffsets[classic]);
  });

  it('locates a star whose tile is not resident without placing that tile', async () => {
    const galaxy = await open(everything, 3);
    const star = STARS - 1;
    expect(galaxy.stars.slotOfStar(star)).toBe(-1);
    const classic = classicOf[star];
    expect(await galaxy.stars.locate(star)).toEqual([0, 1, 2].map((axis) => data.positions[classic * 3 + axis] * 3));
    expect(galaxy.stars.slotOfStar(star)).toBe(-1);
    expect(await galaxy.stars.locate(STARS)).toBeUndefined();
  });

  it('gives the links between drawn stars by the ml and s rule, and fetches nothing while links are hidden', async () => {
    const read: string[] = [];
    const scale = 2;
    const galaxy = await open(everything, scale, (file) => read.push(file));
    galaxy.stars.setCamera(wholeView(scale));
    await galaxy.whenIdle();
    const hidden = { showLinks: false, maxVisibleDistance: 2000, scale };
    expect(galaxy.stars.linkPairs(hidden)).toBeUndefined();
    await galaxy.whenIdle();
    expect(read.filter((file) => file.startsWith('adjacency/'))).toEqual([]);

    const shown = { ...hidden, showLinks: true };
    let changes = 0;
    galaxy.stars.onChange((change) => (changes += change.linksChanged ? 1 : 0));
    let pairs = galaxy.stars.linkPairs(shown) as Uint32Array;
    for (let round = 0; round < 100; round++) {
      await galaxy.whenIdle();
      const next = galaxy.stars.linkPairs(shown) as Uint32Array;
      if (next === pairs && read.filter((file) => file.startsWith('adjacency/')).length === reader.index.adjacency.starBoundaries.length - 1) break;
      pairs = next;
    }
    expect(changes).toBeGreaterThan(0);
    const scaled = data.positions.map((v) => v * scale);
    const expected = visibleLinkIndices(scaled, data.outOffsets, data.outTargets, shown.maxVisibleDistance, scale);
    const asText = (list: Uint32Array, idOf: (i: number) => number) => {
      const out: string[] = [];
      for (let i = 0; i < list.length; i += 2) out.push(`${idOf(list[i])}>${idOf(list[i + 1])}`);
      return out.sort();
    };
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(data.edgeCount * 2);
    expect(asText(pairs, (slot) => classicOf[galaxy.stars.starOfSlot(slot)])).toEqual(asText(expected, (id) => id));
  });

  it('keeps to the link budget, linking the most important (lowest numbered) tiles first', async () => {
    const maxLinkPairs = 300;
    const galaxy = await open(everything, 1, undefined, versionDir, { maxLinkPairs });
    galaxy.stars.setCamera(wholeView());
    await galaxy.whenIdle();
    const shown = { showLinks: true, maxVisibleDistance: 1e6, scale: 1 };
    let pairs = galaxy.stars.linkPairs(shown) as Uint32Array;
    for (let round = 0; round < 100 && pairs.length < maxLinkPairs * 2; round++) {
      await galaxy.whenIdle();
      pairs = galaxy.stars.linkPairs(shown) as Uint32Array;
    }
    expect(pairs.length).toBe(maxLinkPairs * 2);
    const links = new Set<string>();
    for (let id = 0; id < STARS; id++) for (let i = data.outOffsets[id]; i < data.outOffsets[id + 1]; i++) links.add(`${id}>${data.outTargets[i]}`);
    const tileOf = (slot: number) => reader.tileOfStar(galaxy.stars.starOfSlot(slot));
    let latestTile = 0;
    for (let i = 0; i < pairs.length; i += 2) {
      expect(links.has(`${classicOf[galaxy.stars.starOfSlot(pairs[i])]}>${classicOf[galaxy.stars.starOfSlot(pairs[i + 1])]}`)).toBe(true);
      latestTile = Math.max(latestTile, Math.max(tileOf(pairs[i]), tileOf(pairs[i + 1])));
    }
    // The budget went to the first few tiles, not across the galaxy.
    expect(latestTile).toBeLessThan(reader.hierarchy.tileCount / 4);
  });

  it('drops the links of tiles no longer drawn and adds those of tiles drawn anew', async () => {
    const h = reader.hierarchy;
    let shardsRead = 0;
    const galaxy = await open({ stars: 1200, bytes: 1e9 }, 1, (file) => (shardsRead += file.startsWith('adjacency/') ? 1 : 0));
    const shown = { showLinks: true, maxVisibleDistance: 3000, scale: 1 };
    const settle = async () => {
      for (let round = 0; round < 100; round++) {
        await galaxy.whenIdle();
        const [pairs, read] = [galaxy.stars.linkPairs(shown), shardsRead];
        await galaxy.whenIdle();
        if (galaxy.stars.linkPairs(shown) === pairs && shardsRead === read) return;
      }
    };
    const expectedPairs = () => {
      const drawn = new Set(galaxy.stars.drawnTiles);
      const positions = galaxy.stars.positions;
      const out: string[] = [];
      for (const tile of drawn) {
        for (let star = reader.tileFirstStars[tile]; star < reader.tileFirstStars[tile + 1]; star++) {
          const classic = classicOf[star];
          for (let i = data.outOffsets[classic]; i < data.outOffsets[classic + 1]; i++) {
            const target = starOf[data.outTargets[i]];
            if (!drawn.has(reader.tileOfStar(target))) continue;
            const [a, b] = [galaxy.stars.slotOfStar(star), galaxy.stars.slotOfStar(target)];
            const d = [0, 1, 2].map((axis) => positions[b * 3 + axis] - positions[a * 3 + axis]);
            if (d[0] ** 2 + d[1] ** 2 + d[2] ** 2 <= shown.maxVisibleDistance ** 2) out.push(`${star}>${target}`);
          }
        }
      }
      return out.sort();
    };
    const actualPairs = () => {
      const pairs = galaxy.stars.linkPairs(shown) as Uint32Array;
      const out: string[] = [];
      for (let i = 0; i < pairs.length; i += 2) out.push(`${galaxy.stars.starOfSlot(pairs[i])}>${galaxy.stars.starOfSlot(pairs[i + 1])}`);
      return out.sort();
    };
    galaxy.stars.setCamera(wholeView());
    await settle();
    expect(actualPairs()).toEqual(expectedPairs());
    const centre = Array.from(h.boxes.subarray(h.firstChild[0] * 6, h.firstChild[0] * 6 + 3)).map((v) => v + 1000) as [number, number, number];
    galaxy.stars.setCamera(cameraLookingAt(centre, [centre[0] - 5000, centre[1] - 5000, centre[2] - 5000]));
    await settle();
    expect(actualPairs()).toEqual(expectedPairs());
    expect(actualPairs().length).toBeGreaterThan(0);
  });
});

describe('searching a tiled galaxy shard by shard', () => {
  it('finds the same stars as a regular expression over labels.json, reporting every shard up to y of y', async () => {
    const galaxy = await open();
    for (const pattern of ['ab', '^k.*[aeiou]$', 'ZZZ-no-such-name']) {
      const progress: SearchProgress[] = [];
      const result = await galaxy.search(pattern, (p) => progress.push({ ...p, ids: p.ids.slice() }), new AbortController().signal);
      const expected = Array.from(matchLabels(pattern, names), (id) => starOf[id]).sort((a, b) => a - b);
      expect(Array.from(result.ids).sort((a, b) => a - b)).toEqual(expected);
      const shards = reader.index.labels.starBoundaries.length - 1;
      expect(shards).toBeGreaterThan(2);
      expect(progress.map((p) => p.searchedNames)).toEqual(Array.from(reader.index.labels.starBoundaries.slice(1)));
      expect(progress[progress.length - 1]).toMatchObject({ searchedNames: STARS, totalNames: STARS, done: true });
      expect(progress.slice(0, -1).every((p) => !p.done)).toBe(true);
    }
  });

  it('matches nothing for an invalid pattern, and a new search cancels the running one', async () => {
    const galaxy = await open();
    const none = await galaxy.search('a+(', () => {}, new AbortController().signal);
    expect(none.ids.length).toBe(0);
    expect(none.done).toBe(true);

    const first = galaxy.search('a', () => {}, new AbortController().signal);
    const second = galaxy.search('b', () => {}, new AbortController().signal);
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect((await second).done).toBe(true);

    const controller = new AbortController();
    const third = galaxy.search('c', () => {}, controller.signal);
    controller.abort();
    await expect(third).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('tiles that cannot be read', () => {
  it('are named as missing regions, not asked for again until retried, while the other tiles load', async () => {
    const h = reader.hierarchy;
    const copy = path.join(tempFolder('galaxy-missing-'), 'v1');
    cpSync(versionDir, copy, { recursive: true });
    const [lost, truncated] = [h.firstChild[0], h.firstChild[0] + 1];
    const tileFile = (t: number) => path.join(copy, 'tiles', reader.tilePath(t));
    const lostBytes = readFileSync(tileFile(lost));
    rmSync(tileFile(lost));
    const truncatedBytes = readFileSync(tileFile(truncated));
    writeFileSync(tileFile(truncated), truncatedBytes.subarray(0, truncatedBytes.length >> 1));

    const read: string[] = [];
    const galaxy = await open(everything, 1, (file) => read.push(file), copy);
    let warned = 0;
    galaxy.onChange(() => (warned += galaxy.missingRegions.length > 0 ? 1 : 0));
    galaxy.stars.setCamera(wholeView());
    await galaxy.whenIdle();
    expect(galaxy.missingRegions).toHaveLength(2);
    expect(galaxy.missingRegions.find((m) => m.startsWith(describeTileRegion(h, lost)))).toBeDefined();
    expect(galaxy.missingRegions.find((m) => m.startsWith(describeTileRegion(h, truncated)))).toMatch(/truncated/);
    expect(warned).toBeGreaterThan(0);
    // Only the broken tiles' own stars are missing: the finer tiles of their regions still draw.
    expect(galaxy.stars.drawnStars).toBe(STARS - h.starCount[lost] - h.starCount[truncated]);

    galaxy.stars.setCamera(wholeView());
    galaxy.stars.setCamera(cameraLookingAt([0, 0, 30000], [0, 0, 0]));
    await galaxy.whenIdle();
    expect(read.filter((file) => file === reader.tilePath(lost))).toHaveLength(1);

    writeFileSync(tileFile(lost), lostBytes);
    writeFileSync(tileFile(truncated), truncatedBytes);
    galaxy.retryMissingRegions();
    galaxy.stars.setCamera(wholeView());
    await galaxy.whenIdle();
    expect(galaxy.missingRegions).toEqual([]);
    expect(galaxy.stars.drawnStars).toBe(STARS);
  });

  it('cannot open a galaxy whose root tile is missing, and says which file', async () => {
    const copy = path.join(tempFolder('galaxy-no-root-'), 'v1');
    cpSync(versionDir, copy, { recursive: true });
    rmSync(path.join(copy, 'tiles', reader.tilePath(0)));
    await expect(open(everything, 1, undefined, copy)).rejects.toThrow(/root tile .*could not be read/);
  });
});
