import { describe, expect, it } from 'vitest';
import { buildOctree, childCube, type FlatOctree, intersectRay, LEAF_CAPACITY, MAX_DEPTH, octreeDepth } from '../../../src/picking/octree';
import type { Ray } from '../../../src/picking/ray';
import { HIT_THRESHOLD, nearestByScan } from '../../../src/picking/hitTest';

function randomPoints(count: number, spread: number, seed = 1): Float32Array {
  let state = seed;
  const next = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5) * spread;
  const points = new Float32Array(count * 3);
  for (let i = 0; i < points.length; i++) points[i] = next();
  return points;
}

function randomRay(seed: number, spread: number): Ray {
  const pts = randomPoints(2, spread, seed);
  return { origin: [pts[0], pts[1], pts[2] + spread], direction: [pts[3] - pts[0], pts[4] - pts[1], -spread] };
}

/** Every node's cube, from the root's down through each node's octant, and the start of its points in `items`. */
function cubesOf(tree: FlatOctree): Array<{ cube: [number, number, number, number]; start: number }> {
  const nodes = [{ cube: [tree.root[0], tree.root[1], tree.root[2], tree.root[3]] as [number, number, number, number], start: 0 }];
  for (let node = 0; node < tree.nodeCount; node++) {
    let start = nodes[node].start;
    for (let c = tree.firstChild[node], end = c + tree.childCount[node]; c < end; start += tree.itemCount[c++]) {
      nodes[c] = { cube: childCube(...nodes[node].cube, tree.octant[c]), start };
    }
  }
  return nodes;
}

describe('spatial index errors (docs/rules.md#picking)', () => {
  it('requires a points array', () => {
    expect(() => buildOctree(undefined)).toThrow('Points array is required for quadtree to work');
    expect(() => buildOctree(null)).toThrow('Points array is required for quadtree to work');
  });
  it('requires an array-like object', () => {
    expect(() => buildOctree({ x: 1 })).toThrow('Points should be array-like object');
    expect(() => buildOctree(42)).toThrow('Points should be array-like object');
  });
  it('requires x,y,z triples', () => {
    expect(() => buildOctree([1, 2, 3, 4])).toThrow(
      'Points array should consist of series of x,y,z coordinates and be multiple of 3',
    );
  });
});

describe('spatial index structure', () => {
  it('keeps every point exactly once and no more than 4 in a leaf above the depth limit', () => {
    const points = randomPoints(5000, 2000);
    const tree = buildOctree(points);
    expect([...tree.items].sort((a, b) => a - b)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    for (let node = 0; node < tree.nodeCount; node++) {
      expect(tree.childCount[node]).toBeLessThanOrEqual(8);
      if (tree.childCount[node] === 0) expect(tree.itemCount[node]).toBeLessThanOrEqual(LEAF_CAPACITY);
    }
    // A leaf's points lie inside its cube (its parent's cube's octant).
    const nodes = cubesOf(tree);
    for (let node = 0; node < tree.nodeCount; node++) {
      const { cube: [cx, cy, cz, h], start } = nodes[node];
      for (let i = start; i < start + tree.itemCount[node]; i++) {
        const id = tree.items[i];
        expect(Math.abs(points[id * 3] - cx)).toBeLessThanOrEqual(h + 1e-3);
        expect(Math.abs(points[id * 3 + 1] - cy)).toBeLessThanOrEqual(h + 1e-3);
        expect(Math.abs(points[id * 3 + 2] - cz)).toBeLessThanOrEqual(h + 1e-3);
      }
    }
  });

  it('splits a leaf when a fifth point arrives', () => {
    expect(buildOctree(randomPoints(4, 100)).nodeCount).toBe(1);
    expect(buildOctree(randomPoints(5, 100)).nodeCount).toBeGreaterThan(1);
  });

  it('stops at depth 16 even when many points coincide', () => {
    const points = new Float32Array(30 * 3).fill(7);
    points.set([1000, 1000, 1000], 0);
    const tree = buildOctree(points);
    expect(octreeDepth(tree)).toBe(MAX_DEPTH);
    expect(tree.items.length).toBe(30);
  });

  it('accepts an empty array', () => {
    const tree = buildOctree(new Float32Array(0));
    expect(intersectRay(tree, new Float32Array(0), { origin: [0, 0, 0], direction: [0, 0, -1] }, 30)).toBeUndefined();
  });
});

describe('ray hit test', () => {
  it('finds the same star as checking every star, for many rays', () => {
    const points = randomPoints(20000, 4000, 7);
    const tree = buildOctree(points);
    let hits = 0;
    for (let seed = 1; seed < 300; seed++) {
      const ray = randomRay(seed * 13, 4000);
      const expected = nearestByScan(points, ray, HIT_THRESHOLD);
      expect(intersectRay(tree, points, ray, HIT_THRESHOLD)).toBe(expected);
      if (expected !== undefined) hits++;
    }
    expect(hits).toBeGreaterThan(10);
  });

  it('accepts a star within distance 30 of the ray and no farther', () => {
    const points = new Float32Array([29.5, 0, -500, 0, 31, -100]);
    const tree = buildOctree(points);
    const ray: Ray = { origin: [0, 0, 0], direction: [0, 0, -1] };
    expect(intersectRay(tree, points, ray, HIT_THRESHOLD)).toBe(0);
    points[0] = 30.5;
    expect(intersectRay(buildOctree(points), points, ray, HIT_THRESHOLD)).toBeUndefined();
  });

  it('returns the star nearest the ray, ignoring stars behind the camera', () => {
    const points = new Float32Array([0, 0, 500, 10, 0, -100, 2, 0, -3000]);
    const tree = buildOctree(points);
    expect(intersectRay(tree, points, { origin: [0, 0, 0], direction: [0, 0, -1] }, HIT_THRESHOLD)).toBe(2);
  });
});
