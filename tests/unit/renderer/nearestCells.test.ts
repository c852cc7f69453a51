import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearestCells } from '../../../src/renderer/nearestCells';

/** Boxes of `count` cells: a grid of unit cubes (many exactly as far from a centred eye) and random ones. */
function cellBounds(count: number, seed: number): Float32Array {
  let state = seed;
  const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const bounds = new Float32Array(count * 6);
  for (let k = 0; k < count; k++) {
    const [x, y, z] = k % 2 === 0 ? [(k >> 1) % 8, (k >> 4) % 8, k >> 7] : [next() * 50 - 25, next() * 50 - 25, next() * 50 - 25];
    bounds.set([x, y, z, x + 1, y + 1, z + 1], k * 6);
  }
  return bounds;
}

/** The order the renderer drew in before: float32 distances, a stable sort by them. */
function referenceOrder(ids: Uint32Array, bounds: Float32Array, eye: number[]): number[] {
  const distance = new Map<number, number>();
  for (const k of ids) {
    const b = k * 6;
    distance.set(k, Math.fround(Math.hypot((bounds[b] + bounds[b + 3]) / 2 - eye[0], (bounds[b + 1] + bounds[b + 4]) / 2 - eye[1], (bounds[b + 2] + bounds[b + 5]) / 2 - eye[2])));
  }
  return [...ids].sort((a, b) => distance.get(a)! - distance.get(b)!);
}

afterEach(() => vi.restoreAllMocks());

describe('nearest cells first', () => {
  it('orders the cells in view by their centre’s distance, ties in the order given, as the comparator sort did', () => {
    const bounds = cellBounds(600, 3);
    const ids = Uint32Array.from({ length: 300 }, (_, i) => i * 2 + (i % 3 === 0 ? 1 : 0));
    const nearest = new NearestCells();
    for (const eye of [[4, 4, 2], [0.5, 0.5, 0.5], [-30, 12, 7], [100, 100, 100]]) {
      const order = new Uint32Array(600);
      nearest.order(ids, ids.length, bounds, eye, order);
      expect([...order.subarray(0, ids.length)]).toEqual(referenceOrder(ids, bounds, eye));
    }
  });

  it('reads only the first `count` ids and reuses its room for fewer', () => {
    const bounds = cellBounds(40, 9);
    const ids = Uint32Array.from({ length: 40 }, (_, i) => 39 - i);
    const nearest = new NearestCells();
    const order = new Uint32Array(40).fill(99);
    nearest.order(ids, 40, bounds, [3, 3, 3], order);
    nearest.order(ids, 10, bounds, [3, 3, 3], order);
    expect([...order.subarray(0, 10)]).toEqual(referenceOrder(ids.subarray(0, 10), bounds, [3, 3, 3]));
  });

  it('sorts without calling back into script for each comparison', () => {
    const bounds = cellBounds(200, 5);
    const ids = Uint32Array.from({ length: 200 }, (_, i) => i);
    const sort = vi.spyOn(Object.getPrototypeOf(Uint8Array.prototype) as { sort(compare?: unknown): unknown }, 'sort');
    new NearestCells().order(ids, ids.length, bounds, [1, 2, 3], new Uint32Array(200));
    expect(sort).toHaveBeenCalled();
    for (const call of sort.mock.calls) expect(call[0]).toBeUndefined();
  });
});
