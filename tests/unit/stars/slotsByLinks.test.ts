import { describe, expect, it } from 'vitest';
import { orderSlotsByLinks } from '../../../src/stars/slotsByLinks';

describe('ordering each cell\'s slots by in-links', () => {
  it('puts each cell\'s most linked stars first, ties by star number, unlinked stars last, and keeps every star in its cell', () => {
    // Cells: slots 0-3, 4-4, 5-9.
    const cells = { cells: 3, start: Uint32Array.of(0, 4, 5), count: Uint32Array.of(4, 1, 5), bounds: new Float32Array(18) };
    const order = Uint32Array.of(3, 0, 9, 6, 1, 2, 4, 5, 7, 8);
    const inLinks = [0, 1, 90, 0, 0, 7, 1, 90, 0, 2];
    const inOffsets = Uint32Array.from({ length: inLinks.length + 1 }, (_, star) => inLinks.slice(0, star).reduce((a, b) => a + b, 0));
    orderSlotsByLinks(order, cells, inOffsets);
    expect([...order]).toEqual([9, 6, 0, 3, 1, 2, 7, 5, 4, 8]);
  });
});
