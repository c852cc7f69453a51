import { describe, expect, it } from 'vitest';
import { neighbourhoodPreservation } from '../../../src/layout/quality';
import { seededRandom } from '../../../src/layout/random';

/** A ring of n nodes, each linked to the next. */
function ring(n: number): { sources: Uint32Array; targets: Uint32Array } {
  const sources = Uint32Array.from({ length: n }, (_, i) => i);
  const targets = Uint32Array.from({ length: n }, (_, i) => (i + 1) % n);
  return { sources, targets };
}

describe('neighbourhood preservation', () => {
  const n = 400;
  const { sources, targets } = ring(n);

  it('is 1 when every node’s graph neighbours are its nearest stars', () => {
    const positions = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) {
      positions[3 * i] = 1000 * Math.cos((2 * Math.PI * i) / n);
      positions[3 * i + 1] = 1000 * Math.sin((2 * Math.PI * i) / n);
    }
    expect(neighbourhoodPreservation(positions, sources, targets)).toBe(1);
  });

  it('is near k/n for a random layout and about half when half the graph is scattered', () => {
    const random = seededRandom(5);
    const scattered = new Float64Array(3 * n).map(() => random() * 1000);
    const value = neighbourhoodPreservation(scattered, sources, targets);
    expect(value).toBeLessThan(0.05);
    // The first half of the ring keeps its places on the circle, the second half is thrown far out.
    const half = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) {
      const far = i >= n / 2;
      half[3 * i] = far ? 1e5 * random() : 1000 * Math.cos((2 * Math.PI * i) / n);
      half[3 * i + 1] = far ? 1e5 * random() : 1000 * Math.sin((2 * Math.PI * i) / n);
      half[3 * i + 2] = far ? 1e5 * random() : 0;
    }
    const partial = neighbourhoodPreservation(half, sources, targets);
    expect(partial).toBeGreaterThan(0.45);
    expect(partial).toBeLessThan(0.55);
  });

  it('samples a large graph reproducibly', () => {
    const big = ring(3000);
    const random = seededRandom(9);
    const positions = new Float64Array(3 * 3000).map(() => random());
    const a = neighbourhoodPreservation(positions, big.sources, big.targets, 200, 3);
    const b = neighbourhoodPreservation(positions, big.sources, big.targets, 200, 3);
    expect(a).toBe(b);
  });
});
