import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../../src/importers';
import { forceLayout } from '../../../src/layout/forceLayout';
import { allocateOctree, buildOctree, depthFirstBodies } from '../../../src/layout/octree';
import { edgeLengthRatio } from '../../../src/layout/quality';
import { seededRandom } from '../../../src/layout/random';
import { computeRepulsion, TRAVERSAL_STACK_SIZE } from '../../../src/layout/repulsion';
import { galaxyRadius } from '../../../src/layout/scaleToGalaxy';

function randomCloud(n: number, seed: number): { positions: Float64Array; masses: Float64Array } {
  const random = seededRandom(seed);
  const positions = new Float64Array(3 * n).map(() => (random() - 0.5) * 1000);
  const masses = new Float64Array(n).map(() => 1 + Math.floor(random() * 5));
  return { positions, masses };
}

describe('Barnes–Hut octree', () => {
  const n = 2000;
  const { positions, masses } = randomCloud(n, 3);
  const tree = allocateOctree(n, 2 * n + 64, false);
  expect(buildOctree(tree, positions, masses)).toBe(true);

  it('holds every body once and the whole mass at the root', () => {
    const order = new Int32Array(n);
    depthFirstBodies(tree, order, new Int32Array(TRAVERSAL_STACK_SIZE));
    expect(new Set(order).size).toBe(n);
    expect(tree.mass[0]).toBeCloseTo(masses.reduce((a, b) => a + b, 0), 6);
  });

  it('gives the exact pairwise repulsion with theta 0 and stays close to it with the default', () => {
    const order = Int32Array.from({ length: n }, (_, i) => i);
    const stack = new Int32Array(TRAVERSAL_STACK_SIZE);
    const exact = new Float64Array(3 * n);
    const approximate = new Float64Array(3 * n);
    computeRepulsion(tree, positions, masses, exact, order, 0, n, 0, 1, stack);
    computeRepulsion(tree, positions, masses, approximate, order, 0, n, 1.2, 1, stack);
    for (const i of [0, 17, 999]) {
      let fx = 0, fy = 0, fz = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const dx = positions[3 * i] - positions[3 * j], dy = positions[3 * i + 1] - positions[3 * j + 1], dz = positions[3 * i + 2] - positions[3 * j + 2];
        const f = (masses[i] * masses[j]) / (dx * dx + dy * dy + dz * dz);
        fx += dx * f;
        fy += dy * f;
        fz += dz * f;
      }
      expect(exact[3 * i]).toBeCloseTo(fx, 6);
      expect(exact[3 * i + 1]).toBeCloseTo(fy, 6);
      expect(exact[3 * i + 2]).toBeCloseTo(fz, 6);
      const error = Math.hypot(approximate[3 * i] - fx, approximate[3 * i + 1] - fy, approximate[3 * i + 2] - fz);
      expect(error / Math.hypot(fx, fy, fz)).toBeLessThan(0.1);
    }
  });
});

describe('force layout', () => {
  const debian = importGraph(readFileSync('tests/fixtures/importers/dumpavail-slice.txt'), 'Packages');
  const lock = importGraph(readFileSync('package-lock.json'), 'package-lock.json');

  it('puts linked packages much closer together than random pairs', async () => {
    const input = { nodeCount: lock.labels.length, sources: lock.sources, targets: lock.targets };
    const positions = await forceLayout(input, { iterations: 60, threads: 1 });
    expect(edgeLengthRatio(positions, lock.sources, lock.targets, 20_000)).toBeLessThan(0.5);
    const random = seededRandom(9);
    const scattered = new Float32Array(positions.length).map(() => random());
    expect(edgeLengthRatio(scattered, lock.sources, lock.targets, 20_000)).toBeGreaterThan(0.9);
  });

  it('fits the published coordinate range for its size', async () => {
    const input = { nodeCount: debian.labels.length, sources: debian.sources, targets: debian.targets };
    const positions = await forceLayout(input, { iterations: 30, threads: 1 });
    const extent = positions.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(extent).toBeGreaterThan(galaxyRadius(debian.labels.length) * 0.9);
    expect(extent).toBeLessThanOrEqual(galaxyRadius(debian.labels.length) + 1);
    expect(galaxyRadius(200_000)).toBeCloseTo(10_000, -1);
  });

  it('places a graph without links, and a single node, without failing', async () => {
    const none = await forceLayout({ nodeCount: 50, sources: new Uint32Array(0), targets: new Uint32Array(0) }, { iterations: 5 });
    expect(new Set(Array.from({ length: 50 }, (_, i) => none.slice(3 * i, 3 * i + 3).join(','))).size).toBe(50);
    const one = await forceLayout({ nodeCount: 1, sources: new Uint32Array(0), targets: new Uint32Array(0) }, { iterations: 5 });
    expect(one).toHaveLength(3);
    expect(Array.from(one).every(Number.isFinite)).toBe(true);
  });
});
