import type { StarCells } from '../renderer/starCells';

/**
 * Orders the slots of each cell by their stars' in-degrees, most linked first (ties by star number),
 * in place: `order` holds the star of each slot, each cell one range of it. A whole galaxy over its
 * star budget draws a leading share of each cell (src/stars/cellsWithinBudget.ts), so that share is
 * then the cell's most linked stars, as a tiled galaxy's coarse tiles hold theirs, not whichever
 * came first by number. (By drawn size it would keep unlinked stars, drawn at 30, ahead of stars
 * with a few in-links, drawn smaller.) Linear in the stars but for the distinct in-degrees: the
 * stars are counted out by rank and dealt into their cells in that order; a comparator sort of each
 * cell took 60-100 ms for npm's 196k stars, on the main thread as the links come in.
 */
export function orderSlotsByLinks(order: Uint32Array, cells: StarCells, inOffsets: Uint32Array): void {
  const stars = order.length;
  // Two scratch columns of a star each, reused (in-degree, then rank, then cell; the stars by rank):
  // this runs as the links come in, beside the graph's own arrays.
  const perStar = new Uint32Array(stars);
  for (let star = 0; star < stars; star++) perStar[star] = inOffsets[star + 1] - inOffsets[star];
  const distinct = [...new Set(perStar)].sort((a, b) => b - a);
  const rankOf = new Map(distinct.map((size, rank) => [size, rank]));
  const rank = perStar;
  const firstOfRank = new Uint32Array(distinct.length + 1);
  for (let star = 0; star < stars; star++) {
    rank[star] = rankOf.get(perStar[star]) ?? 0;
    firstOfRank[rank[star] + 1]++;
  }
  for (let r = 1; r <= distinct.length; r++) firstOfRank[r] += firstOfRank[r - 1];
  const byRank = new Uint32Array(stars);
  for (let star = 0; star < stars; star++) byRank[firstOfRank[rank[star]]++] = star;
  const cellOfStar = perStar;
  for (let cell = 0; cell < cells.cells; cell++) {
    for (let slot = cells.start[cell], end = slot + cells.count[cell]; slot < end; slot++) cellOfStar[order[slot]] = cell;
  }
  const next = cells.start.slice(0, cells.cells);
  for (let i = 0; i < stars; i++) {
    const star = byRank[i];
    order[next[cellOfStar[star]]++] = star;
  }
}
