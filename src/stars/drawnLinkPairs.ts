import type { StarCells } from '../renderer/starCells';

/**
 * Most link pairs a galaxy hands the scene at once, tiled (src/tiles/stream/tiledLinkPairs.ts) or
 * whole: 2M pairs are 16 MB of slot indices and a line list of 4M vertices, about what the classic
 * path draws for the largest published galaxies (npm: 1.6M links shown at the default ml); more links
 * than that over a budget of millions of stars are a haze, not a picture, and cost every frame. Over
 * it, the links of the most important stars win (docs/rules.md#renderer, Links).
 */
export const LINK_PAIR_BUDGET = 2_000_000;

/**
 * A whole galaxy's visible links as slot pairs (any order) over its grid's cells, with what caps
 * them: each slot's rank in the galaxy's order of importance (starRanksBySlot), where the pairs may
 * be more than `maxPairs`. One object per links, settings and slots: pickers key on it.
 */
export interface VisibleSlotLinks {
  pairs: Uint32Array;
  all: StarCells;
  slotCount: number;
  maxPairs: number;
  /** Undefined while the visible pairs fit `maxPairs` (no choice of them can pass it). */
  ranks: Uint32Array | undefined;
}

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

  /**
   * The pairs of `visible` (built over `all`) between slots of `drawn` (leading shares of the cells of
   * `all`, in slot order), at most `maxPairs` of them (capLinkPairs by `ranks`).
   */
  select(visible: SlotLinkPairs, drawn: StarCells, maxPairs = Infinity, ranks?: Uint32Array): Uint32Array {
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
    const chosen = this.buffer.subarray(0, length);
    return ranks && length / 2 > maxPairs ? capLinkPairs(chosen, ranks, maxPairs) : chosen.slice();
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

/**
 * Each slot's star's rank in a whole galaxy's order of importance: most linked first (in-degree),
 * ties by star number, the order each cell lists its slots in (src/stars/slotsByLinks.ts) and the
 * tile writer fills tiles in (most linked first). 0 is the most important star. A counting sort.
 */
export function starRanksBySlot(order: Uint32Array, inOffsets: Uint32Array): Uint32Array {
  const stars = order.length;
  let most = 0;
  for (let star = 0; star < stars; star++) most = Math.max(most, inOffsets[star + 1] - inOffsets[star]);
  // next[d]: the rank the next star of in-degree d takes (stars of higher in-degree come before).
  const next = new Uint32Array(most + 2);
  for (let star = 0; star < stars; star++) next[most - (inOffsets[star + 1] - inOffsets[star]) + 1]++;
  for (let d = 1; d <= most + 1; d++) next[d] += next[d - 1];
  const rankOfStar = new Uint32Array(stars);
  for (let star = 0; star < stars; star++) rankOfStar[star] = next[most - (inOffsets[star + 1] - inOffsets[star])]++;
  const bySlot = new Uint32Array(stars);
  for (let slot = 0; slot < stars; slot++) bySlot[slot] = rankOfStar[order[slot]];
  return bySlot;
}

/** Buckets of capLinkPairs' first count (of a rank's high bits). */
const RANK_BUCKETS = 1 << 16;

/**
 * The link budget's rule (LINK_PAIR_BUDGET), as a tiled galaxy links its drawn tiles most important
 * first, a link coming with the later of its two stars: the `maxPairs` pairs whose less important
 * star ranks first (`ranks`, by slot: lower is more important), ties (pairs of the same less
 * important star) in the order listed; returned in the order listed. `pairs` itself when they fit.
 * Linear: a count of the pairs by the high bits of their rank finds the last rank taken, a count of
 * that bucket's low bits the pairs of it, a last pass takes them.
 */
export function capLinkPairs(pairs: Uint32Array, ranks: Uint32Array, maxPairs: number): Uint32Array {
  const total = pairs.length / 2;
  if (total <= maxPairs) return pairs;
  if (maxPairs <= 0) return new Uint32Array(0);
  const rankOf = (i: number) => Math.max(ranks[pairs[i]], ranks[pairs[i + 1]]);
  let shift = 0;
  while (ranks.length >>> shift >= RANK_BUCKETS) shift++;
  const counts = new Uint32Array(RANK_BUCKETS);
  for (let i = 0; i < pairs.length; i += 2) counts[rankOf(i) >>> shift]++;
  // The bucket where the budget runs out, and the pairs before it.
  let bucket = 0, before = 0;
  while (before + counts[bucket] < maxPairs) before += counts[bucket++];
  counts.fill(0, 0, 1 << shift);
  const mask = (1 << shift) - 1;
  for (let i = 0; i < pairs.length; i += 2) {
    const rank = rankOf(i);
    if (rank >>> shift === bucket) counts[rank & mask]++;
  }
  let low = 0;
  while (before + counts[low] < maxPairs) before += counts[low++];
  const last = bucket * (1 << shift) + low;
  let ofLast = maxPairs - before;
  const capped = new Uint32Array(maxPairs * 2);
  let length = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    const rank = rankOf(i);
    if (rank > last || (rank === last && ofLast-- <= 0)) continue;
    capped[length++] = pairs[i];
    capped[length++] = pairs[i + 1];
  }
  return capped;
}
