import type { StarCells } from '../renderer/starCells';

/**
 * Orders the slots of each cell by their stars' sizes, biggest first (ties by star number), in
 * place: `order` holds the star of each slot, each cell one range of it. A whole galaxy over its
 * star budget draws a leading share of each cell (src/stars/cellsWithinBudget.ts), so that share is
 * then the cell's biggest stars, not whichever came first by number. Linear in the stars but for
 * the few distinct sizes (the node size rule gives one per in-degree): the stars are counted out by
 * size rank and dealt into their cells in that order; a comparator sort of each cell took 60-100 ms
 * for npm's 196k stars, on the main thread as the links come in.
 */
export function orderSlotsBySize(order: Uint32Array, cells: StarCells, sizeByStar: Float32Array): void {
  const stars = order.length;
  const distinct = [...new Set(sizeByStar)].sort((a, b) => b - a);
  const rankOf = new Map(distinct.map((size, rank) => [size, rank]));
  const rank = new Uint32Array(stars);
  const firstOfRank = new Uint32Array(distinct.length + 1);
  for (let star = 0; star < stars; star++) {
    rank[star] = rankOf.get(sizeByStar[star]) ?? 0;
    firstOfRank[rank[star] + 1]++;
  }
  for (let r = 1; r <= distinct.length; r++) firstOfRank[r] += firstOfRank[r - 1];
  const byRank = new Uint32Array(stars);
  for (let star = 0; star < stars; star++) byRank[firstOfRank[rank[star]]++] = star;
  const cellOfStar = new Uint32Array(stars);
  for (let cell = 0; cell < cells.cells; cell++) {
    for (let slot = cells.start[cell], end = slot + cells.count[cell]; slot < end; slot++) cellOfStar[order[slot]] = cell;
  }
  const next = cells.start.slice(0, cells.cells);
  for (let i = 0; i < stars; i++) {
    const star = byRank[i];
    order[next[cellOfStar[star]]++] = star;
  }
}
