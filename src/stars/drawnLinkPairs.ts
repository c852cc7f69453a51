import type { StarCells } from '../renderer/starCells';

/**
 * A whole galaxy's visible links (docs/rules.md#renderer: squared length at most ml² × s) as pairs
 * of slots in the order of their first slot, and where each of the grid's cells' pairs start: the
 * pairs of cell c are `cellPairStart[c]` to `cellPairStart[c + 1]` (in pairs, not slots).
 */
export interface SlotLinkPairs {
  pairs: Uint32Array;
  cellPairStart: Uint32Array;
}

/**
 * `pairs` (slot pairs, any order) sorted by their first slot (a counting sort: two passes over the
 * pairs and one over the slots), with where each of `cells`' pairs start.
 */
export function pairsByFirstSlot(pairs: Uint32Array, cells: StarCells, slotCount: number): SlotLinkPairs {
  const before = new Uint32Array(slotCount + 1);
  for (let i = 0; i < pairs.length; i += 2) before[pairs[i] + 1]++;
  for (let slot = 0; slot < slotCount; slot++) before[slot + 1] += before[slot];
  const cellPairStart = new Uint32Array(cells.cells + 1);
  for (let cell = 0; cell < cells.cells; cell++) cellPairStart[cell] = before[cells.start[cell]];
  cellPairStart[cells.cells] = pairs.length / 2;
  const sorted = new Uint32Array(pairs.length);
  for (let i = 0; i < pairs.length; i += 2) {
    const at = before[pairs[i]]++ * 2;
    sorted[at] = pairs[i];
    sorted[at + 1] = pairs[i + 1];
  }
  return { pairs: sorted, cellPairStart };
}

/**
 * The visible links between drawn stars, the rule a tiled galaxy's links follow (src/tiles/stream/tiledLinkPairs.ts:
 * a link is drawn only when both its stars are): a whole galaxy within a star budget draws a leading
 * share of each cell's slots (src/stars/cellsWithinBudget.ts), so a pair is kept when its first slot
 * is in a drawn share (walked cell by cell, from the cell's first pair while the slots stay in the
 * share) and its second slot is (a mark per slot, set and cleared only where a cell's share grew or
 * shrank since the last choice). The work of a choice follows the drawn stars' links and the slots
 * whose share changed, not the galaxy's links.
 */
export class DrawnLinkPairs {
  /** 1 for each drawn slot, as of the last select. */
  private readonly drawnSlot: Uint8Array;
  /** Slots drawn of each of the grid's cells, as of the last select. */
  private readonly drawnOfCell: Uint32Array;
  private readonly next: Uint32Array;
  private buffer = new Uint32Array(0);
  /** Pairs whose first slot was drawn in the last select (each one's second slot tested): its work. */
  tested = 0;

  constructor(readonly all: StarCells, slotCount: number) {
    this.drawnSlot = new Uint8Array(slotCount);
    this.drawnOfCell = new Uint32Array(all.cells);
    this.next = new Uint32Array(all.cells);
  }

  /** The pairs of `visible` (built over `all`) between slots of `drawn` (leading shares of the cells of `all`, in slot order). */
  select(visible: SlotLinkPairs, drawn: StarCells): Uint32Array {
    this.mark(drawn);
    const { all, drawnSlot, drawnOfCell } = this;
    const pairs = visible.pairs;
    let length = 0;
    this.tested = 0;
    for (let cell = 0; cell < all.cells; cell++) {
      if (drawnOfCell[cell] === 0) continue;
      const end = all.start[cell] + drawnOfCell[cell];
      let i = visible.cellPairStart[cell] * 2;
      const stop = visible.cellPairStart[cell + 1] * 2;
      const first = i;
      while (i < stop && pairs[i] < end) i += 2;
      this.tested += (i - first) / 2;
      if (this.buffer.length < length + (i - first)) this.grow(length + (i - first));
      const buffer = this.buffer;
      for (let j = first; j < i; j += 2) {
        const to = pairs[j + 1];
        if (!drawnSlot[to]) continue;
        buffer[length++] = pairs[j];
        buffer[length++] = to;
      }
    }
    return this.buffer.slice(0, length);
  }

  /** Marks the drawn slots, changing only the slots of cells whose share changed. */
  private mark(drawn: StarCells): void {
    const { all, drawnSlot, drawnOfCell, next } = this;
    next.fill(0);
    for (let k = 0, cell = 0; k < drawn.cells; k++) {
      while (cell < all.cells && all.start[cell] !== drawn.start[k]) cell++;
      if (cell === all.cells) break;
      next[cell] = Math.min(drawn.count[k], all.count[cell]);
    }
    for (let cell = 0; cell < all.cells; cell++) {
      const before = drawnOfCell[cell], after = next[cell];
      if (before === after) continue;
      const start = all.start[cell];
      if (after > before) drawnSlot.fill(1, start + before, start + after);
      else drawnSlot.fill(0, start + after, start + before);
      drawnOfCell[cell] = after;
    }
  }

  private grow(atLeast: number): void {
    const grown = new Uint32Array(Math.max(atLeast, this.buffer.length * 2, 1024));
    grown.set(this.buffer);
    this.buffer = grown;
  }
}
