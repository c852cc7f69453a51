import { describe, expect, it, vi } from 'vitest';
import { boxIntersectsFrustum, frustumPlanes } from '../../../../src/geometry/frustum';
import { projectionFactor, tileImportance } from '../../../../src/tiles/planner/importance';
import { TilePriorityQueue } from '../../../../src/tiles/planner/tilePriorityQueue';
import { DEFAULT_MIN_PIXEL_RADIUS, StreamingPlanner, type StreamingBudget } from '../../../../src/tiles/planner/streamingPlanner';
import { boxOf, cameraAt, childrenOf, fullOctree } from './plannerFixtures';

const roomy: StreamingBudget = { stars: 1_000_000, bytes: 1_000_000_000 };
const octree = fullOctree(2); // 1 root, 8 children, 64 grandchildren; 100 stars and 1,000 bytes each
const root = 0;
const children = childrenOf(octree, root);
const levelOf = (tile: number) => octree.level[tile];
const minZ = (tile: number) => boxOf(octree, tile)[2];
const maxZ = (tile: number) => boxOf(octree, tile)[5];
const outsideLookingIn = cameraAt([0, 0, 5000], [0, 0, -1]);

function plan(options: { loaded: number[]; camera?: ReturnType<typeof cameraAt>; budget?: StreamingBudget; scale?: number }, planner = new StreamingPlanner(octree)) {
  return planner.plan({
    camera: options.camera ?? outsideLookingIn,
    budget: options.budget ?? roomy,
    loaded: new Set(options.loaded),
    scale: options.scale ?? 1,
  });
}

describe('StreamingPlanner', () => {
  it('refines past a tile that could not be read: its finer tiles still draw, it is neither fetched nor drawn', () => {
    const broken = children[0];
    const below = childrenOf(octree, broken);
    const result = new StreamingPlanner(octree).plan({
      camera: outsideLookingIn,
      budget: roomy,
      loaded: new Set([root, ...children.filter((tile) => tile !== broken), ...below]),
      failed: new Set([broken]),
      scale: 1,
    });
    expect(result.draw).not.toContain(broken);
    expect(result.fetch).not.toContain(broken);
    expect(below.every((tile) => result.draw.includes(tile))).toBe(true);
  });

  it('asks for the root first and draws nothing before it is loaded', () => {
    expect(plan({ loaded: [] })).toMatchObject({ draw: [], fetch: [root], drawnStars: 0 });
  });

  it('goes coarse before fine: children only once their parent is loaded, nearest first', () => {
    const first = plan({ loaded: [root] });
    expect(first.draw).toEqual([root]);
    expect([...first.fetch].sort((a, b) => a - b)).toEqual(children);
    // The camera is on +Z: the four children in front (z 0..1000) come before the four behind them.
    expect(first.fetch.slice(0, 4).every((tile) => minZ(tile) >= 0)).toBe(true);

    const second = plan({ loaded: [root, ...children] });
    expect(second.draw.slice(0, 1)).toEqual([root]);
    expect(second.draw).toHaveLength(9);
    expect(second.fetch.length).toBeGreaterThan(0);
    expect(second.fetch.every((tile) => levelOf(tile) === 2)).toBe(true);
    expect(second.drawnStars).toBe(900);
  });

  it('neither draws nor fetches tiles behind the camera', () => {
    const inside = cameraAt([0, 0, 500], [0, 0, 1]); // in the upper half, looking away from the centre
    const result = plan({ loaded: [root, ...children], camera: inside });
    const wanted = [...result.draw, ...result.fetch];
    const behind = wanted.filter((tile) => tile !== root && maxZ(tile) <= 0);
    expect(behind).toEqual([]);
    expect(result.draw.filter((tile) => levelOf(tile) === 1)).toHaveLength(4);
    expect(result.fetch.length).toBeGreaterThan(0);
  });

  it('keeps the root wanted but undrawn when the whole galaxy is behind the camera', () => {
    const away = cameraAt([0, 0, 5000], [0, 0, 1]);
    expect(plan({ loaded: [], camera: away })).toMatchObject({ fetch: [root], draw: [] });
    expect(plan({ loaded: [root, ...children], camera: away })).toMatchObject({ fetch: [], draw: [] });
  });

  it('stays within the star budget, taking the most important tiles', () => {
    const result = plan({ loaded: [root], budget: { stars: 350, bytes: 1e9 } });
    expect(result.wantedStars).toBe(300);
    expect(result.fetch).toHaveLength(2);
    expect(result.fetch.every((tile) => minZ(tile) >= 0)).toBe(true);
  });

  it("stays within the drawn stars' bytes", () => {
    const result = plan({ loaded: [root, ...children], budget: { stars: 1e9, bytes: 9_500 } });
    expect(result.wantedBytes).toBeLessThanOrEqual(9_500);
    expect(result.draw.length + result.fetch.length).toBe(9);
    expect(result.fetch).toEqual([]);
  });

  it('does not refine tiles too small on screen to matter', () => {
    const far = cameraAt([0, 0, 2_000_000], [0, 0, -1]);
    expect(plan({ loaded: [root], camera: far })).toMatchObject({ draw: [root], fetch: [] });
  });

  it('places tiles at the scale the stars are drawn at', () => {
    const camera = cameraAt([0, 0, 1500], [0, 0, 1]);
    // Unscaled, the galaxy (z up to 1000) is all behind the camera; at scale 2 it reaches z 2000 around it.
    expect(plan({ loaded: [root], camera, scale: 1 }).draw).toEqual([]);
    const scaled = plan({ loaded: [root], camera, scale: 2 });
    expect(scaled.draw).toEqual([root]);
    expect(scaled.fetch.length).toBe(4);
    expect(scaled.fetch.every((tile) => minZ(tile) >= 0)).toBe(true);
  });

  it('reorders what to fetch when the camera turns', () => {
    const planner = new StreamingPlanner(octree);
    const fromPlusX = plan({ loaded: [root], camera: cameraAt([5000, 0, 0], [-1, 0, 0]) }, planner);
    const fromMinusX = plan({ loaded: [root], camera: cameraAt([-5000, 0, 0], [1, 0, 0]) }, planner);
    const minX = (tile: number) => boxOf(octree, tile)[0];
    expect(fromPlusX.fetch.slice(0, 4).every((tile) => minX(tile) >= 0)).toBe(true);
    expect(fromMinusX.fetch.slice(0, 4).every((tile) => minX(tile) < 0)).toBe(true);
  });
});

describe('a plan asks the loaded and failed tiles one at a time', () => {
  it('plans the same from lookups that cannot be listed, and copies neither', () => {
    const loaded = new Set([root, ...children]);
    const asked = { loaded: 0, failed: 0 };
    const camera = cameraAt([5000, 0, 0], [-1, 0, 0]);
    const budget: StreamingBudget = { stars: 1e9, bytes: 1e9 };
    const fromSets = new StreamingPlanner(octree).plan({ camera, budget, loaded, failed: new Set([children[0]]), scale: 1 });
    const fromLookups = new StreamingPlanner(octree).plan({
      camera,
      budget,
      loaded: { has: (tile) => (asked.loaded++, loaded.has(tile)) },
      failed: { has: (tile) => (asked.failed++, tile === children[0]) },
      scale: 1,
    });
    expect(fromLookups).toEqual(fromSets);
    expect(asked.loaded).toBeGreaterThan(0);
    expect(asked.failed).toBeGreaterThan(0);
  });
});

/** The planner as it was written first: every tile's sphere and world box computed from its box on every plan. */
function referencePlan(h: typeof octree, options: { camera: ReturnType<typeof cameraAt>; budget: StreamingBudget; loaded: Set<number>; scale: number }) {
  const { camera, budget, loaded, scale } = options;
  const planes = frustumPlanes(camera.viewProjection);
  const factor = projectionFactor(camera);
  const visible = (tile: number) => {
    const box = Array.from({ length: 6 }, (_, k) => h.boxes[tile * 6 + (k % 3)] * scale);
    for (let axis = 0; axis < 3; axis++) {
      const [lo, hi] = [h.boxes[tile * 6 + axis] * scale, h.boxes[tile * 6 + 3 + axis] * scale];
      [box[axis], box[axis + 3]] = [Math.min(lo, hi), Math.max(lo, hi)];
    }
    return boxIntersectsFrustum(planes, box);
  };
  // The planner's queue: ties (several spheres around the camera, all Infinity) come out in its order.
  const queue = new TilePriorityQueue();
  queue.push(0, Infinity);
  const draw: number[] = [];
  const fetch: number[] = [];
  let wantedStars = 0;
  while (queue.size > 0) {
    const tile = queue.pop();
    if (!visible(tile) && tile !== 0) continue;
    if (tile !== 0 && wantedStars + h.starCount[tile] > budget.stars) break;
    wantedStars += h.starCount[tile];
    if (!loaded.has(tile)) {
      fetch.push(tile);
      continue;
    }
    if (!visible(tile)) continue;
    draw.push(tile);
    for (let c = h.firstChild[tile]; c < h.firstChild[tile] + h.childCount[tile]; c++) {
      const { pixelRadius, importance } = tileImportance(camera, factor, h.boxes, c * 6, scale);
      if (pixelRadius >= DEFAULT_MIN_PIXEL_RADIUS) queue.push(c, importance);
    }
  }
  return { draw, fetch };
}

describe('a plan from spheres kept per scale', () => {
  const deep = fullOctree(3);
  // Cameras off every symmetry plane of the octree, so that no two tiles tie and the order is the importance's alone.
  const cameras = Array.from({ length: 40 }, (_, i) => {
    const angle = 0.3 + i * 0.37;
    const distance = 300 + 97 * i;
    return cameraAt([Math.cos(angle) * distance + 13, 211 - 7 * i, Math.sin(angle) * distance + 29], [-Math.cos(angle), -0.05, -Math.sin(angle)]);
  });

  it('wants the same tiles in the same order as the tile-by-tile planner, for cameras inside and outside the galaxy', () => {
    const planner = new StreamingPlanner(deep);
    const loaded = new Set(Array.from({ length: deep.tileCount }, (_, t) => t).filter((t) => t % 7 !== 3));
    for (const [i, camera] of cameras.entries()) {
      const budget = { stars: 1000 + 900 * i, bytes: 1e12 };
      for (const scale of [1, -1.5]) {
        const planned = planner.plan({ camera, budget, loaded, scale });
        expect({ draw: planned.draw, fetch: planned.fetch }).toEqual(referencePlan(deep, { camera, budget, loaded, scale }));
      }
    }
  });

  it("computes no tile's sphere again while the camera flies: the boxes are read once per scale", () => {
    const planner = new StreamingPlanner(deep);
    const loaded = new Set(Array.from({ length: deep.tileCount }, (_, t) => t));
    planner.plan({ camera: cameras[0], budget: roomy, loaded, scale: 1 });
    const hypot = vi.spyOn(Math, 'hypot');
    try {
      let scored = 0;
      for (const camera of cameras) {
        planner.plan({ camera, budget: roomy, loaded, scale: 1 });
        scored += planner.scoredLastPlan;
      }
      expect(scored).toBeGreaterThan(cameras.length * 8);
      expect(hypot).not.toHaveBeenCalled();
    } finally {
      hypot.mockRestore();
    }
  });
});
