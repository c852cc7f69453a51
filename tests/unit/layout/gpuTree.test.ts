import { beforeAll, describe, expect, it } from 'vitest';
import { allocateOctree, buildOctree } from '../../../src/layout/octree';
import { seededRandom } from '../../../src/layout/random';
import { computeRepulsion, TRAVERSAL_STACK_SIZE } from '../../../src/layout/repulsion';
import { LEAF_CHILD, TREE_LEAF_SIZE } from '../../../src/layout/gpu/treeRepulsion';
import { runInDawn } from '../../support/dawnChild';
import { referenceInteractions } from '../../support/treeWalkReference';
import type { ProbeCloud, ProbeResult } from './dawn/treeProbe';

/** Above EXACT_UP_TO (1024), so that the GPU builds its tree; small, for SwiftShader. */
const N = 1500;
const THETA = 1.2;
const random = seededRandom(5);

interface Cloud {
  positions: number[];
  masses: number[];
}

function inBall(radius: number, centre = [0, 0, 0]): number[] {
  for (;;) {
    const p = [2 * random() - 1, 2 * random() - 1, 2 * random() - 1];
    if (p[0] ** 2 + p[1] ** 2 + p[2] ** 2 <= 1) return p.map((v, a) => centre[a] + v * radius);
  }
}

function cloud(place: (i: number) => number[]): Cloud {
  const positions = Array.from({ length: N }, (_, i) => place(i)).flat();
  const masses = Array.from({ length: N }, () => 1 + Math.floor(random() * 4));
  return { positions, masses };
}

const clusterCentres = Array.from({ length: 6 }, () => inBall(50));
const clouds = {
  uniform: cloud(() => inBall(10)),
  // Six clusters a thousandth of the spread across: a uniform grid would put each in one cell.
  clustered: cloud((i) => inBall(0.05, clusterCentres[i % 6])),
  // One star in a hundred a thousand times farther out than the bulk.
  outliers: cloud((i) => (i % 100 === 99 ? inBall(10_000) : inBall(10))),
};

/** Mean relative error over nodes: |approx - exact| summed over |exact| summed; and the worst single node's. */
function errors(cloud: Cloud, forces: ArrayLike<number>) {
  const { positions: p, masses: m } = cloud;
  let error = 0;
  let magnitude = 0;
  let worst = 0;
  for (let i = 0; i < N; i++) {
    let fx = 0, fy = 0, fz = 0;
    for (let j = 0; j < N; j++) {
      if (j === i) continue;
      const dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
      const f = m[j] / (dx * dx + dy * dy + dz * dz);
      fx += dx * f;
      fy += dy * f;
      fz += dz * f;
    }
    const e = Math.hypot(forces[3 * i] - fx * m[i], forces[3 * i + 1] - fy * m[i], forces[3 * i + 2] - fz * m[i]);
    const size = Math.hypot(fx, fy, fz) * m[i];
    error += e;
    magnitude += size;
    worst = Math.max(worst, e / size);
  }
  return { mean: error / magnitude, worst };
}

/** The CPU layout's own Barnes-Hut (its octree) on the same cloud. */
function cpuForces(cloud: Cloud, theta: number): Float64Array {
  const positions = Float64Array.from(cloud.positions);
  const masses = Float64Array.from(cloud.masses);
  const out = new Float64Array(3 * N);
  const tree = allocateOctree(N, 4 * N + 64, false);
  buildOctree(tree, positions, masses);
  computeRepulsion(tree, positions, masses, out, Int32Array.from({ length: N }, (_, i) => i), 0, N, theta, 1, new Int32Array(TRAVERSAL_STACK_SIZE));
  return out;
}

// Coincident stars: a fifth of the cloud on one point.
const coincident = cloud((i) => (i % 5 === 0 ? [1, 2, 3] : inBall(10)));

const requests: ProbeCloud[] = [
  ...Object.values(clouds).flatMap((c) => [
    { ...c, method: 'tree' as const, theta: THETA },
    { ...c, method: 'tree' as const, theta: 0.4 },
  ]),
  { ...coincident, method: 'tree', theta: THETA },
  { ...coincident, method: 'tree', theta: THETA, iterations: 3 },
];
let results: ProbeResult[] = [];
beforeAll(() => {
  results = runInDawn<ProbeResult[]>('tests/unit/layout/dawn/treeProbe.ts', requests, 600_000);
}, 600_000);

/** Checks the tree read back is a binary tree over all N sorted stars; returns the sizes of the runs the walk sums star by star. */
function leafRuns(tree: NonNullable<ProbeResult['tree']>): number[] {
  const runs: number[] = [];
  const seen = new Uint8Array(N);
  const visit = (node: number, first: number, last: number) => {
    if (node & LEAF_CHILD) {
      const star = node & ~LEAF_CHILD;
      expect([star, star]).toEqual([first, last]);
      seen[star]++;
      return;
    }
    const [left, right, from, to] = tree.nodes.slice(4 * node, 4 * node + 4);
    expect([from, to]).toEqual([first, last]);
    if (to - from + 1 <= TREE_LEAF_SIZE) runs.push(to - from + 1);
    const split = left & LEAF_CHILD ? left & ~LEAF_CHILD : tree.nodes[4 * left + 3];
    visit(left, from, split);
    visit(right, split + 1, to);
  };
  visit(0, 0, N - 1);
  expect(Array.from(seen).every((count) => count === 1)).toBe(true);
  return runs;
}

describe('the GPU layout\'s tree (Dawn on SwiftShader)', () => {
  for (const [k, [name, c]] of Object.entries(clouds).entries()) {
    it(`agrees with exact pairwise sums on a ${name} cloud`, () => {
      const loose = errors(c, results[2 * k].forces!);
      const tight = errors(c, results[2 * k + 1].forces!);
      const cpu = errors(c, cpuForces(c, THETA));
      console.log(name, { loose, tight, cpu, interactions: results[2 * k].interactions });
      // At the layout's opening angle, no worse than the CPU layout's own octree (plus a margin);
      // with a small one, close to exact.
      expect(loose.mean).toBeLessThan(Math.max(0.02, 1.5 * cpu.mean));
      expect(tight.mean).toBeLessThan(0.01);
      expect(tight.worst).toBeLessThan(0.1);
      leafRuns(results[2 * k].tree!);
      // The TypeScript walk that counts interactions at sizes SwiftShader cannot reach counts what the GPU does.
      const reference = referenceInteractions(c.positions, N, THETA, TREE_LEAF_SIZE);
      const counted = results[2 * k].interactions;
      expect(reference.nodeNode + reference.nodeCell).toBeCloseTo(counted.nodeNode + counted.nodeCell, -1);
    });
  }

  it('has no leaf above its bound, even where a fifth of the stars coincide', () => {
    const runs = leafRuns(results[6].tree!);
    expect(Math.max(...runs)).toBeLessThanOrEqual(TREE_LEAF_SIZE);
    const sums = results[6].tree!.sums;
    expect(sums[3]).toBeCloseTo(coincident.masses.reduce((a, b) => a + b), 0);
  });

  it('separates coincident stars', () => {
    const forces = results[6].forces!;
    const positions = results[7].positions!;
    expect(forces.every(Number.isFinite)).toBe(true);
    const keys = new Set<string>();
    for (let i = 0; i < N; i += 5) keys.add(`${positions[3 * i]},${positions[3 * i + 1]},${positions[3 * i + 2]}`);
    expect(keys.size).toBe(N / 5);
  });
});
