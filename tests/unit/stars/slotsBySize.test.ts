import { describe, expect, it } from 'vitest';
import { orderSlotsBySize } from '../../../src/stars/slotsBySize';

describe('ordering each cell\'s slots by star size', () => {
  it('puts each cell\'s biggest stars first, ties by star number, and keeps every star in its cell', () => {
    // Cells: slots 0-3, 4-4, 5-9.
    const cells = { cells: 3, start: Uint32Array.of(0, 4, 5), count: Uint32Array.of(4, 1, 5), bounds: new Float32Array(18) };
    const order = Uint32Array.of(3, 0, 9, 6, 1, 2, 4, 5, 7, 8);
    const sizeByStar = Float32Array.of(30, 15.5, 215, 30, 30, 40, 15.5, 215, 30, 16);
    orderSlotsBySize(order, cells, sizeByStar);
    expect([...order]).toEqual([0, 3, 9, 6, 1, 2, 7, 5, 4, 8]);
  });
});
