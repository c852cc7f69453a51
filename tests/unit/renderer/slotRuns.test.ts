import { describe, expect, it } from 'vitest';
import { slotRuns } from '../../../src/scene/slotRuns';

describe('slots styled at once, written as ranges', () => {
  it('joins neighbours and short gaps, keeps far slots apart, in any order', () => {
    expect(slotRuns([])).toEqual([]);
    expect(slotRuns([5, 3, 4, 3])).toEqual([{ start: 3, count: 3 }]);
    expect(slotRuns([10, 0, 5000], 100)).toEqual([{ start: 0, count: 11 }, { start: 5000, count: 1 }]);
  });
});
