import { describe, expect, it } from 'vitest';
import { SortedIds } from '../../../src/labels/sortedIds';

describe('SortedIds', () => {
  it('has exactly the ids of the last take, in any order, and leaves the given array as it was', () => {
    const ids = new SortedIds();
    const first = Uint32Array.of(40, 3, 17, 4_000_000_000, 0);
    ids.take(first);
    expect(Array.from(first)).toEqual([40, 3, 17, 4_000_000_000, 0]);
    for (const id of [40, 3, 17, 4_000_000_000, 0]) expect(ids.has(id)).toBe(true);
    for (const id of [1, 2, 16, 18, 41, 3_999_999_999]) expect(ids.has(id)).toBe(false);

    ids.take(Uint32Array.of(5, 2));
    expect([0, 3, 17, 40].some((id) => ids.has(id))).toBe(false);
    expect(ids.has(5) && ids.has(2)).toBe(true);

    ids.clear();
    expect(ids.has(5)).toBe(false);
  });

  it('agrees with a Set on random passes of growing and shrinking size', () => {
    const ids = new SortedIds();
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) % 5000;
    for (let pass = 0; pass < 30; pass++) {
      const pick = Uint32Array.from({ length: (pass * 37) % 450 }, random);
      const expected = new Set(pick);
      ids.take(pick);
      for (let id = 0; id < 5000; id++) expect(ids.has(id)).toBe(expected.has(id));
    }
  });
});
