import { describe, expect, it, vi } from 'vitest';
import { buildOctree } from '../../../src/picking/octree';
import type { Ray } from '../../../src/picking/ray';
import { WholeGalaxyStars } from '../../../src/stars/wholeGalaxyStars';
import { Camera, wholeScenePose, boundsOfBox } from '../../../src/renderer/camera';
import { plannerCameraOf } from '../../../src/scene/plannerCamera';
import type { StarSourceChange } from '../../../src/stars/starSource';
import { visibleLinkIndices } from '../../../src/renderer/linkIndices';
import { pickInThread, type DrawnLinkPicker } from '../../../src/stars/drawnLinkPicker';
import { PLAN_INTERVAL_MS } from '../../../src/tiles/planner/budgets';

function randomPositions(count: number, seed: number): Float32Array {
  let state = seed;
  const next = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5) * 20000;
  return Float32Array.from({ length: count * 3 }, next);
}

/** Stars in grid-cell order: every star in one slot, each cell one range of slots inside its box. */
function expectSorted(stars: WholeGalaxyStars, positions: Float32Array): void {
  const n = positions.length / 3;
  let wrong = 0;
  for (let star = 0; star < n; star++) {
    const slot = stars.slotOfStar(star);
    if (stars.starOfSlot(slot) !== star) wrong++;
    for (let a = 0; a < 3; a++) if (stars.positions[slot * 3 + a] !== positions[star * 3 + a]) wrong++;
  }
  const cells = stars.drawnCells();
  let covered = 0;
  for (let k = 0; k < cells.cells; k++) {
    covered += cells.count[k];
    for (let slot = cells.start[k]; slot < cells.start[k] + cells.count[k]; slot++) {
      for (let a = 0; a < 3; a++) {
        const v = stars.positions[slot * 3 + a];
        if (v < cells.bounds[k * 6 + a] || v > cells.bounds[k * 6 + 3 + a]) wrong++;
      }
    }
  }
  expect(wrong).toBe(0);
  expect(covered).toBe(n);
  expect(stars.drawnStars).toBe(n);
}

/** Every star in one slot, addressed both ways, its position and its size by the node size rule there. */
function expectSlotsFollowStars(stars: WholeGalaxyStars, positions: Float32Array): void {
  let wrong = 0;
  for (let star = 0; star < positions.length / 3; star++) {
    const slot = stars.slotOfStar(star);
    if (stars.starOfSlot(slot) !== star) wrong++;
    for (let a = 0; a < 3; a++) if (stars.positions[slot * 3 + a] !== positions[star * 3 + a]) wrong++;
  }
  expect(wrong).toBe(0);
}

/** The pairs as "from-to" star numbers, sorted. */
function starPairs(stars: WholeGalaxyStars, pairs: Uint32Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) out.push(`${stars.starOfSlot(pairs[i])}-${stars.starOfSlot(pairs[i + 1])}`);
  return out.sort();
}

describe('a whole galaxy as a star source', () => {
  it('holds every star in grid-cell order, addressed both ways, drawn at the star default size until links are in', () => {
    const positions = randomPositions(5000, 11);
    const stars = new WholeGalaxyStars(positions);
    expectSorted(stars, positions);
    expect(stars.slotOfStar(5000)).toBe(-1);
    expect(stars.starOfSlot(-1)).toBe(-1);
    expect(new Set(stars.sizes)).toEqual(new Set([15]));
    expect(stars.linkPairs({ showLinks: true, maxVisibleDistance: 1e6, scale: 1 })).toBeUndefined();
  });

  it('sizes stars by the node size rule and joins them by slot once links arrive, and says so', () => {
    // Star 0 -> 2 and 1 -> 2: star 2 has both in-links.
    const positions = new Float32Array([0, 0, -500, 0, 0, -600, 0, 0, -700]);
    const stars = new WholeGalaxyStars(positions);
    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));
    stars.setLinks({ inOffsets: Uint32Array.of(0, 0, 0, 2), outOffsets: Uint32Array.of(0, 1, 2, 2), outTargets: Uint32Array.of(2, 2) });
    expect(changes).toEqual([{ written: [{ start: 0, count: 3 }], drawnChanged: true, linksChanged: true }]);
    expect([0, 1, 2].map((star) => stars.sizes[stars.slotOfStar(star)])).toEqual([30, 30, 215]);
    const pairs = stars.linkPairs({ showLinks: true, maxVisibleDistance: 1000, scale: 1 })!;
    expect([...pairs].map((slot) => stars.starOfSlot(slot))).toEqual([0, 2, 1, 2]);
    expect(stars.linkPairs({ showLinks: false, maxVisibleDistance: 1000, scale: 1 })).toBeUndefined();
  });

  it('picks the nearest star on a ray by its number, scanning until its index is built', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // no Worker in Node
    const stars = new WholeGalaxyStars(new Float32Array([0, 0, -1600, 100, 0, -600, 0, 0, -500]));
    const ray: Ray = { origin: [0, 0, 0], direction: [0, 0, -1] };
    expect(stars.pickingIndexed).toBe(false);
    expect(stars.nearestStar(ray, 30)).toBe(2);
    expect(stars.nearestStar({ origin: [0, 1000, 0], direction: [0, 0, -1] }, 30)).toBeUndefined();
  });

  it('picks alike before and after its index is built', async () => {
    const positions = randomPositions(3000, 3);
    const stars = new WholeGalaxyStars(positions);
    const rays: Ray[] = Array.from({ length: 50 }, (_, i) => {
      const [x, y, z] = randomPositions(2, i + 100);
      return { origin: [x, y, z], direction: [-x, -y, -z] };
    });
    const before = rays.map((ray) => stars.nearestStar(ray, 300));
    stars.indexForPicking(async (points) => buildOctree(points));
    await vi.waitFor(() => expect(stars.pickingIndexed).toBe(true));
    expect(rays.map((ray) => stars.nearestStar(ray, 300))).toEqual(before);
    expect(before.some((star) => star !== undefined)).toBe(true);
  });

  it('sorts the stars again when they move, keeping each star its size, and says what changed', async () => {
    const positions = randomPositions(3000, 5);
    const stars = new WholeGalaxyStars(positions);
    const inOffsets = Uint32Array.from({ length: 3001 }, (_, i) => i); // every star one in-link
    inOffsets[3000] = 3000 + 99; // ...the last one a hundred
    stars.setLinks({ inOffsets, outOffsets: new Uint32Array(3001), outTargets: new Uint32Array(0) });
    const before = stars.sizes[stars.slotOfStar(2999)];
    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));
    const moved = randomPositions(3000, 6);
    stars.moveStars(moved);
    expectSorted(stars, moved);
    expect(positions).toEqual(moved); // the galaxy's own positions follow
    expect(stars.sizes[stars.slotOfStar(2999)]).toBe(before);
    const cells = stars.drawnCells();
    const bigFirst = (k: number) => stars.sizes[cells.start[k]] === Math.max(...stars.sizes.subarray(cells.start[k], cells.start[k] + cells.count[k]));
    expect([...Array(cells.cells).keys()].every(bigFirst)).toBe(true); // each cell's most linked (and biggest) star still leads it
    expect(changes).toEqual([{ written: [{ start: 0, count: 3000 }], drawnChanged: true, linksChanged: true, boundsChanged: true }]);
    expect(await stars.locate(7)).toEqual([moved[21], moved[22], moved[23]]);
  });
});

describe('a whole galaxy within a star budget', () => {
  function viewOf(stars: WholeGalaxyStars, pose?: { position: [number, number, number]; orientation: [number, number, number, number] }) {
    const camera = new Camera();
    camera.setViewport(800, 600, 800, 600);
    const bounds = boundsOfBox(stars.bounds.min, stars.bounds.max);
    camera.setScene(bounds);
    camera.setPose(pose ?? wholeScenePose(bounds, 800 / 600));
    return plannerCameraOf(camera);
  }

  it('draws every star while the budget holds the galaxy', () => {
    const stars = new WholeGalaxyStars(randomPositions(60_000, 3));
    stars.setCamera(viewOf(stars));
    expect(stars.starBudget).toEqual({ stars: 60_000, floor: 50_000, ceiling: 60_000 });
    expect(stars.drawnStars).toBe(60_000);
  });

  it('draws a share of every cell in view within a smaller budget, more of the nearer ones, and every star again when it grows back', () => {
    const positions = randomPositions(200_000, 5);
    const stars = new WholeGalaxyStars(positions);
    const whole = viewOf(stars);
    stars.setCamera(whole);
    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));
    stars.setStarBudget(80_000);
    expect(changes.at(-1)?.drawnChanged).toBe(true);
    expect(stars.drawnStars).toBeLessThanOrEqual(80_000);
    expect(stars.drawnStars).toBeGreaterThan(60_000);
    const cells = stars.drawnCells();
    let inCells = 0;
    for (let k = 0; k < cells.cells; k++) {
      inCells += cells.count[k];
      if (k > 0) expect(cells.start[k]).toBeGreaterThan(cells.start[k - 1]);
    }
    expect(inCells).toBe(stars.drawnStars);
    // The galaxy keeps its shape: nearly every cell draws some of its stars (a few of the farthest, thinnest shares round down to none).
    expect(cells.cells).toBeGreaterThan(0.9 * 16 ** 3);
    // The nearer cells draw more: the mean distance of the stars drawn is below the galaxy's.
    const camera = whole.position;
    const distance = (slot: number) => Math.hypot(...[0, 1, 2].map((a) => stars.positions[slot * 3 + a] - camera[a]));
    let drawnDistance = 0;
    for (let k = 0; k < cells.cells; k++) for (let slot = cells.start[k]; slot < cells.start[k] + cells.count[k]; slot++) drawnDistance += distance(slot);
    let allDistance = 0;
    for (let slot = 0; slot < 200_000; slot++) allDistance += distance(slot);
    expect(drawnDistance / inCells).toBeLessThan(allDistance / 200_000);
    stars.setStarBudget(10_000_000);
    expect(stars.drawnStars).toBe(200_000);
    expect(stars.drawnCells().cells).toBe(16 ** 3);
  });

  it('draws the most linked stars of each cell it thins, once the links are in, every star still in its slot', () => {
    const n = 120_000;
    const positions = randomPositions(n, 9);
    const stars = new WholeGalaxyStars(positions);
    stars.setCamera(viewOf(stars));
    const all = stars.drawnCells();
    // Star s has (s * 7919) % 101 in-links: counts that say nothing of star number or place.
    const inOffsets = new Uint32Array(n + 1);
    for (let star = 0; star < n; star++) inOffsets[star + 1] = inOffsets[star] + ((star * 7919) % 101);
    const outTargets = Uint32Array.from({ length: inOffsets[n] }, (_, i) => i % n);
    const outOffsets = new Uint32Array(n + 1);
    for (let star = 0; star < n; star++) outOffsets[star + 1] = outOffsets[star] + ((star * 7919) % 101);
    stars.setLinks({ inOffsets, outOffsets, outTargets });
    const inLinksOfSlot = (slot: number) => inOffsets[stars.starOfSlot(slot) + 1] - inOffsets[stars.starOfSlot(slot)];
    stars.setStarBudget(60_000);
    expectSlotsFollowStars(stars, positions);
    const drawn = stars.drawnCells();
    expect(drawn.cells).toBeGreaterThan(0.9 * all.cells);
    let thinned = 0, wrong = 0;
    for (let k = 0, cell = 0; k < drawn.cells; k++) {
      while (all.start[cell] !== drawn.start[k]) cell++;
      const end = all.start[cell] + all.count[cell], cut = drawn.start[k] + drawn.count[k];
      if (cut < end) thinned++;
      let leastDrawn = Infinity, mostLeft = 0;
      for (let slot = all.start[cell]; slot < end; slot++) {
        if (slot < cut) leastDrawn = Math.min(leastDrawn, inLinksOfSlot(slot));
        else mostLeft = Math.max(mostLeft, inLinksOfSlot(slot));
        if (slot > all.start[cell] && inLinksOfSlot(slot) > inLinksOfSlot(slot - 1)) wrong++;
      }
      if (leastDrawn < mostLeft) wrong++;
    }
    expect(thinned).toBeGreaterThan(0.5 * drawn.cells);
    expect(wrong).toBe(0);
    // The links are joined by slot: each pair's slots hold a star and one of its targets.
    const pairs = stars.linkPairs({ showLinks: true, maxVisibleDistance: 1e9, scale: 1 })!;
    let linkWrong = 0;
    for (let i = 0; i < Math.min(pairs.length, 2000); i += 2) {
      const from = stars.starOfSlot(pairs[i]), to = stars.starOfSlot(pairs[i + 1]);
      if (!outTargets.subarray(outOffsets[from], outOffsets[from + 1]).includes(to)) linkWrong++;
    }
    expect(pairs.length).toBeGreaterThan(0);
    expect(linkWrong).toBe(0);
  });

  /** Links out of every star to other star numbers (ids here say nothing of place), some too long for `ml`. */
  function linksOf(n: number, perStar: number) {
    const outOffsets = new Uint32Array(n + 1), inCounts = new Uint32Array(n);
    const outTargets = new Uint32Array(n * perStar);
    for (let star = 0; star < n; star++) {
      outOffsets[star + 1] = outOffsets[star] + perStar;
      for (let j = 0; j < perStar; j++) {
        const target = (star * 31 + j * 7919 + 1) % n;
        outTargets[star * perStar + j] = target;
        inCounts[target]++;
      }
    }
    const inOffsets = new Uint32Array(n + 1);
    for (let star = 0; star < n; star++) inOffsets[star + 1] = inOffsets[star] + inCounts[star];
    return { inOffsets, outOffsets, outTargets };
  }

  /** The pairs among `all` (every visible link) whose both slots are in the drawn cells. */
  function pairsBetweenDrawn(stars: WholeGalaxyStars, all: Uint32Array): string[] {
    const cells = stars.drawnCells();
    const drawn = new Uint8Array(stars.starCount);
    for (let k = 0; k < cells.cells; k++) drawn.fill(1, cells.start[k], cells.start[k] + cells.count[k]);
    const kept: number[] = [];
    for (let i = 0; i < all.length; i += 2) if (drawn[all[i]] && drawn[all[i + 1]]) kept.push(all[i], all[i + 1]);
    return starPairs(stars, Uint32Array.from(kept));
  }

  const shown = { showLinks: true, maxVisibleDistance: 6000, scale: 1 };

  it('joins only the drawn stars within a smaller budget, as a tiled galaxy does, and every visible link again when every star is drawn', () => {
    const n = 150_000;
    const stars = new WholeGalaxyStars(randomPositions(n, 21));
    stars.setCamera(viewOf(stars));
    const links = linksOf(n, 3);
    stars.setLinks(links);
    const all = stars.linkPairs(shown)!;
    // Every visible link while the galaxy fits, in the order of their first star's number as before.
    const byStar = visibleLinkIndices(stars.starPositions, links.outOffsets, links.outTargets, shown.maxVisibleDistance, shown.scale);
    expect([...all].map((slot) => stars.starOfSlot(slot))).toEqual([...byStar]);
    expect(all.length).toBeGreaterThan(0.05 * n * 3 * 2);
    expect(all.length).toBeLessThan(n * 3 * 2);

    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));
    stars.setStarBudget(60_000);
    expect(changes.at(-1)).toMatchObject({ drawnChanged: true, linksChanged: true });
    const within = stars.linkPairs(shown)!;
    expect(within.length).toBeGreaterThan(0);
    expect(within.length).toBeLessThan(all.length / 2);
    expect(starPairs(stars, within)).toEqual(pairsBetweenDrawn(stars, all));
    // The work follows the drawn stars' links, not the galaxy's.
    expect(stars.linkPairsTested).toBeLessThan((0.6 * all.length) / 2);
    // The same cells ask for no new pick.
    expect(stars.linkPairs(shown)).toBe(within);

    stars.setStarBudget(90_000);
    expect(changes.at(-1)).toMatchObject({ drawnChanged: true, linksChanged: true });
    const more = stars.linkPairs(shown)!;
    expect(more.length).toBeGreaterThan(within.length);
    expect(starPairs(stars, more)).toEqual(pairsBetweenDrawn(stars, all));

    stars.setStarBudget(60_000);
    expect(starPairs(stars, stars.linkPairs(shown)!)).toEqual(starPairs(stars, within));

    stars.setStarBudget(n);
    expect(changes.at(-1)).toMatchObject({ drawnChanged: true, linksChanged: true });
    expect(stars.linkPairs(shown)).toBe(all);
  });

  /** Links whose targets crowd on the low star numbers: in-degrees from thousands down to none. */
  function skewedLinksOf(n: number, perStar: number) {
    let state = 5;
    const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const outOffsets = new Uint32Array(n + 1), inCounts = new Uint32Array(n);
    const outTargets = new Uint32Array(n * perStar);
    for (let i = 0; i < outTargets.length; i++) {
      const target = Math.floor(n * next() ** 4);
      outTargets[i] = target;
      inCounts[target]++;
    }
    for (let star = 0; star < n; star++) outOffsets[star + 1] = outOffsets[star] + perStar;
    const inOffsets = new Uint32Array(n + 1);
    for (let star = 0; star < n; star++) inOffsets[star + 1] = inOffsets[star] + inCounts[star];
    return { inOffsets, outOffsets, outTargets };
  }

  /**
   * The link budget's rule, the slow way: `pairs` (slots) listed by first slot, then the `max` whose
   * less important star (in-degree, then star number) comes first, ties as listed.
   */
  function mostImportantPairs(stars: WholeGalaxyStars, inOffsets: Uint32Array, pairs: Uint32Array, max: number): string[] {
    const degree = (slot: number) => inOffsets[stars.starOfSlot(slot) + 1] - inOffsets[stars.starOfSlot(slot)];
    const before = (a: number, b: number) => degree(a) > degree(b) || (degree(a) === degree(b) && stars.starOfSlot(a) < stars.starOfSlot(b));
    const listed = Array.from({ length: pairs.length / 2 }, (_, i) => i).sort((a, b) => pairs[a * 2] - pairs[b * 2] || a - b);
    const lessImportant = (i: number) => (before(pairs[i * 2], pairs[i * 2 + 1]) ? pairs[i * 2 + 1] : pairs[i * 2]);
    const order = listed.map((i, at) => ({ i, at, last: lessImportant(i) }));
    order.sort((a, b) => (a.last === b.last ? a.at - b.at : before(a.last, b.last) ? -1 : 1));
    return starPairs(stars, Uint32Array.from(order.slice(0, max).flatMap(({ i }) => [pairs[i * 2], pairs[i * 2 + 1]])));
  }

  it('draws at most the link budget, the most linked stars\' links first, with every star drawn and within a star budget', () => {
    const n = 120_000, max = 10_000;
    const everyLink = { showLinks: true, maxVisibleDistance: 1e6, scale: 1 };
    const stars = new WholeGalaxyStars(randomPositions(n, 29), pickInThread, max);
    const uncapped = new WholeGalaxyStars(randomPositions(n, 29), pickInThread);
    stars.setCamera(viewOf(stars));
    uncapped.setCamera(viewOf(uncapped));
    const links = skewedLinksOf(n, 1);
    stars.setLinks(links);
    uncapped.setLinks(links);
    const all = uncapped.linkPairs(everyLink)!;
    expect(all.length / 2).toBeGreaterThan(3 * max);

    const everyDrawn = stars.linkPairs(everyLink)!;
    expect(everyDrawn.length / 2).toBe(max);
    expect(starPairs(stars, everyDrawn)).toEqual(mostImportantPairs(stars, links.inOffsets, all, max));
    // Not the first pairs listed: the rule chose.
    expect(starPairs(stars, everyDrawn)).not.toEqual(starPairs(stars, all.slice(0, max * 2)));

    stars.setStarBudget(70_000);
    uncapped.setStarBudget(70_000);
    const between = uncapped.linkPairs(everyLink)!;
    expect(between.length / 2).toBeGreaterThan(max);
    const within = stars.linkPairs(everyLink)!;
    expect(within.length / 2).toBe(max);
    expect(starPairs(stars, within)).toEqual(mostImportantPairs(stars, links.inOffsets, between, max));
  });

  it('picks the links between drawn stars again as the camera moves the drawn cells, and says so only while links are shown', () => {
    const n = 120_000;
    const stars = new WholeGalaxyStars(randomPositions(n, 23));
    const whole = viewOf(stars);
    stars.setCamera(whole);
    stars.setLinks(linksOf(n, 2));
    const all = stars.linkPairs(shown)!;
    stars.setStarBudget(60_000);
    const before = stars.linkPairs(shown)!;
    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));
    const near = viewOf(stars, { position: [0, 0, 3000], orientation: [0, 0, 0, 1] });
    // A move a choice's interval after the last choice chooses at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(PLAN_INTERVAL_MS);
    stars.setCamera(near);
    expect(changes.at(-1)).toMatchObject({ drawnChanged: true, linksChanged: true });
    const after = stars.linkPairs(shown)!;
    expect(starPairs(stars, after)).not.toEqual(starPairs(stars, before));
    expect(starPairs(stars, after)).toEqual(pairsBetweenDrawn(stars, all));

    expect(stars.linkPairs({ ...shown, showLinks: false })).toBeUndefined();
    vi.advanceTimersByTime(PLAN_INTERVAL_MS);
    stars.setCamera(whole);
    vi.useRealTimers();
    expect(changes.at(-1)).toMatchObject({ drawnChanged: true, linksChanged: false });
  });

  it('chooses its cells for a moving camera at most every PLAN_INTERVAL_MS, in the move\'s task, and for the last move in a frame once the moves stop', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const stars = new WholeGalaxyStars(randomPositions(120_000, 31));
      stars.setStarBudget(60_000);
      const whole = viewOf(stars);
      const near = viewOf(stars, { position: [0, 0, 3000], orientation: [0, 0, 0, 1] });
      stars.setCamera(whole);
      expect(stars.plans).toBe(1);
      const wholeCells = stars.drawnCells();
      // Moves every 10 ms: one choice per interval, none in a timer of its own while they keep coming.
      for (let move = 0; move < 20; move++) {
        vi.advanceTimersByTime(10);
        stars.setCamera(move % 2 === 0 ? near : whole);
      }
      expect(stars.plans).toBe(1 + Math.floor(200 / PLAN_INTERVAL_MS));
      stars.setCamera(near);
      const plansBefore = stars.plans;
      // The last move's choice: in the first frame once due (a frame is 16 ms where there are no animation frames).
      vi.advanceTimersByTime(PLAN_INTERVAL_MS);
      expect(stars.plans).toBe(plansBefore);
      vi.advanceTimersByTime(16);
      expect(stars.plans).toBe(plansBefore + 1);
      expect(stars.drawnCells()).not.toEqual(wholeCells);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps drawing the pairs it had while a pick is under way, takes the answer to the last pick asked and drops earlier ones', () => {
    const n = 120_000;
    const asked: { drawn: number; answer: () => void }[] = [];
    let disposed = false;
    const inThread = pickInThread();
    const later: DrawnLinkPicker = {
      pick: (visible, drawn, answer) => inThread.pick(visible, drawn, (picked) => asked.push({ drawn: drawn.cells, answer: () => answer(picked) })),
      dispose: () => (disposed = true),
    };
    const stars = new WholeGalaxyStars(randomPositions(n, 29), () => later);
    stars.setCamera(viewOf(stars));
    stars.setLinks(linksOf(n, 2));
    const all = stars.linkPairs(shown)!;
    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));

    stars.setStarBudget(60_000);
    expect(changes.at(-1)).toMatchObject({ drawnChanged: true, linksChanged: false });
    expect(stars.linkPairs(shown)).toBe(all);
    const first = asked.at(-1)!;
    stars.setStarBudget(80_000);
    expect(stars.linkPairs(shown)).toBe(all);
    const second = asked.at(-1)!;
    expect(second).not.toBe(first);
    const seen = changes.length;
    first.answer();
    expect(changes.length).toBe(seen);
    expect(stars.linkPairs(shown)).toBe(all);
    second.answer();
    expect(changes.at(-1)).toEqual({ written: [], drawnChanged: false, linksChanged: true });
    const within = stars.linkPairs(shown)!;
    expect(starPairs(stars, within)).toEqual(pairsBetweenDrawn(stars, all));
    // A pick still under way when every star is drawn again is dropped too.
    stars.setStarBudget(60_000);
    const third = asked.at(-1)!;
    stars.setStarBudget(n);
    expect(stars.linkPairs(shown)).toBe(all);
    third.answer();
    expect(stars.linkPairs(shown)).toBe(all);
    stars.dispose();
    expect(disposed).toBe(true);
  });

  it('never draws fewer than the floor', () => {
    const stars = new WholeGalaxyStars(randomPositions(120_000, 8));
    stars.setCamera(viewOf(stars));
    stars.setStarBudget(1000);
    expect(stars.starBudget.stars).toBe(50_000);
    expect(stars.drawnStars).toBeGreaterThan(40_000);
  });
});

describe('a whole galaxy\'s communities by slot', () => {
  it('follow each star into its slot, again after the stars move, and say so once given', () => {
    const positions = randomPositions(500, 7);
    const stars = new WholeGalaxyStars(positions);
    expect(stars.communities).toBeUndefined();
    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));
    const byStar = Uint32Array.from({ length: 500 }, (_, star) => star % 13);
    stars.setCommunities(byStar);
    expect(changes.at(-1)?.communitiesChanged).toBe(true);
    const wrongAt = () => {
      let wrong = 0;
      for (let star = 0; star < 500; star++) if (stars.communities?.[stars.slotOfStar(star)] !== star % 13) wrong++;
      return wrong;
    };
    expect(wrongAt()).toBe(0);
    stars.moveStars(randomPositions(500, 8));
    expect(wrongAt()).toBe(0);
    stars.setCommunities(undefined);
    expect(stars.communities).toBeUndefined();
  });
});
