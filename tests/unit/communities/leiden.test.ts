import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src/layout/random';
import { communityHierarchy } from '../../../src/communities/hierarchy';
import { leiden } from '../../../src/communities/leiden';
import { modularity } from '../../../src/communities/modularity';
import { undirectedGraph } from '../../../src/communities/weightedGraph';

function graphOf(nodeCount: number, links: [number, number][]) {
  return undirectedGraph(nodeCount, (visit) => links.forEach(([s, t]) => visit(s, t)));
}

/** `groups` groups of `size` stars, dense inside and sparse between, the same for a seed. */
function plantedPartition(groups: number, size: number, inside: number, between: number, seed: number) {
  const random = seededRandom(seed);
  const links: [number, number][] = [];
  const n = groups * size;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const same = Math.floor(a / size) === Math.floor(b / size);
      if (random() < (same ? inside : between)) links.push(random() < 0.5 ? [a, b] : [b, a]);
    }
  }
  return graphOf(n, links);
}

describe('modularity', () => {
  it('matches the hand-computed value for two triangles joined by one link', () => {
    // 7 edges, 2m = 14; each triangle keeps 3 edges (6 counted both ways) and sums degrees 2+2+3 = 7:
    // Q = 2 * (6/14 - (7/14)^2) = 5/14.
    const graph = graphOf(6, [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3], [2, 3]]);
    expect(modularity(graph, new Uint32Array([0, 0, 0, 1, 1, 1]))).toBeCloseTo(5 / 14, 12);
    expect(modularity(graph, new Uint32Array(6))).toBeCloseTo(0, 12);
  });

  it('takes the links as undirected: a link both ways and a self-loop count once and not at all', () => {
    const once = graphOf(6, [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3], [2, 3]]);
    const doubled = graphOf(6, [[0, 1], [1, 0], [1, 2], [2, 0], [3, 4], [4, 5], [5, 3], [2, 3], [3, 2], [4, 4]]);
    const split = new Uint32Array([0, 0, 0, 1, 1, 1]);
    expect(modularity(doubled, split)).toBeCloseTo(modularity(once, split), 12);
  });
});

describe('leiden', () => {
  it('recovers a planted partition', () => {
    const graph = plantedPartition(8, 40, 0.3, 0.01, 3);
    const { membership, count } = leiden(graph, { seed: 1 });
    expect(count).toBe(8);
    for (let group = 0; group < 8; group++) {
      const first = membership[group * 40];
      for (let k = 1; k < 40; k++) expect(membership[group * 40 + k]).toBe(first);
      for (let other = 0; other < group; other++) expect(membership[other * 40]).not.toBe(first);
    }
  });

  it('finds the same communities for the same seed', () => {
    const graph = plantedPartition(12, 30, 0.15, 0.03, 5);
    const first = leiden(graph, { seed: 7 });
    const second = leiden(graph, { seed: 7 });
    expect(Array.from(second.membership)).toEqual(Array.from(first.membership));
  });
});

describe('communityHierarchy', () => {
  it('gives every level parents and sizes that agree with the stars, and shares one community among unlinked stars', () => {
    const planted = plantedPartition(30, 20, 0.4, 0.004, 11);
    // 600 linked stars and 50 without links.
    const links: [number, number][] = [];
    for (let v = 0; v < 600; v++) for (let e = planted.offsets[v]; e < planted.offsets[v + 1]; e++) if (planted.neighbours[e] > v) links.push([v, planted.neighbours[e]]);
    const graph = graphOf(650, links);
    const hierarchy = communityHierarchy(graph, { seed: 1, topLevelTarget: 6 });
    const { levels, stars } = hierarchy;
    expect(levels.length).toBeGreaterThan(1);
    expect(levels[levels.length - 1].count).toBeLessThanOrEqual(6);
    expect(levels[levels.length - 1].parent).toBeUndefined();
    const unlinked = levels[0].unlinked;
    for (let v = 600; v < 650; v++) expect(stars[v]).toBe(unlinked);
    let membership = stars;
    for (let l = 0; l < levels.length; l++) {
      const level = levels[l];
      const counted = new Uint32Array(level.count);
      for (const c of membership) counted[c]++;
      expect(Array.from(counted)).toEqual(Array.from(level.size));
      for (let c = 1; c < level.count; c++) if (c !== level.unlinked && c - 1 !== level.unlinked) expect(level.size[c]).toBeLessThanOrEqual(level.size[c - 1]);
      expect(level.modularity).toBeCloseTo(modularity(graph, membership), 9);
      if (level.parent) {
        const parent = level.parent;
        expect(levels[l + 1].unlinked).toBe(parent[level.unlinked]);
        membership = membership.map((c) => parent[c]);
      }
    }
  });
});
