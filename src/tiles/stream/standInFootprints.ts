import type { TileHierarchy } from '../tileHierarchy';

/**
 * docs/tiles.md#stand-in-stars: the most a stand-in star's diameter is multiplied by. Its area
 * grows with the stars it stands for up to 16 of them; beyond, a coarse region already covers
 * about every pixel it projects onto at the whole view, and bigger discs would only look like blots.
 */
export const MAX_STAND_IN_FOOTPRINT = 4;

/** Stars in each tile's subtree (the tile's own and all its descendants'). */
export function subtreeStars(h: Pick<TileHierarchy, 'tileCount' | 'parent' | 'starCount'>): Float64Array {
  const total = Float64Array.from(h.starCount);
  // Breadth-first numbering: a child always comes after its parent.
  for (let t = h.tileCount - 1; t > 0; t--) total[h.parent[t]] += total[t];
  return total;
}

/** The octant (bit 0 upper x, bit 1 upper y, bit 2 upper z) of point p in a box given as min and max corners. */
function octantOf(box: ArrayLike<number>, at: number, x: number, y: number, z: number): number {
  return (x >= (box[at] + box[at + 3]) / 2 ? 1 : 0) | (y >= (box[at + 1] + box[at + 4]) / 2 ? 2 : 0) | (z >= (box[at + 2] + box[at + 5]) / 2 ? 4 : 0);
}

/** Stars hidden under each octant of `tile`: the subtree of the child in that octant when the child is not drawn, else 0. */
export function hiddenStarsByOctant(
  h: Pick<TileHierarchy, 'firstChild' | 'childCount' | 'boxes'>,
  tile: number,
  subtree: Float64Array,
  isDrawn: Uint8Array,
): Float64Array {
  const hidden = new Float64Array(8);
  const first = h.firstChild[tile];
  for (let c = first; c < first + h.childCount[tile]; c++) {
    if (isDrawn[c]) continue;
    const o = octantOf(h.boxes, tile * 6, (h.boxes[c * 6] + h.boxes[c * 6 + 3]) / 2, (h.boxes[c * 6 + 1] + h.boxes[c * 6 + 4]) / 2, (h.boxes[c * 6 + 2] + h.boxes[c * 6 + 5]) / 2);
    hidden[o] += subtree[c];
  }
  return hidden;
}

/**
 * The diameter factor of each star of a drawn tile (its positions in tile coordinates, before the
 * scale s): a star stands for itself and its share of the stars hidden under its octant (the subtree
 * of the child there when that child is not drawn), so that its disc covers the area of all of them:
 * area weight w = (own stars in the octant + hidden) / own stars in the octant, diameter factor
 * sqrt(w), at most MAX_STAND_IN_FOOTPRINT. 1 where the octant's child is drawn (or there is none).
 * `box` is the tile's box scaled as `positions` are.
 */
export function standInFootprints(
  positions: Float32Array,
  count: number,
  box: ArrayLike<number>,
  hiddenByOctant: Float64Array,
  into: Float32Array,
  start: number,
): void {
  if (!hiddenByOctant.some((n) => n > 0)) {
    into.fill(1, start, start + count);
    return;
  }
  const octants = new Uint8Array(count);
  const own = new Float64Array(8);
  for (let k = 0; k < count; k++) {
    const o = octantOf(box, 0, positions[start * 3 + k * 3], positions[start * 3 + k * 3 + 1], positions[start * 3 + k * 3 + 2]);
    octants[k] = o;
    own[o]++;
  }
  const factor = new Float32Array(8);
  for (let o = 0; o < 8; o++) factor[o] = own[o] > 0 ? Math.min(MAX_STAND_IN_FOOTPRINT, Math.sqrt((own[o] + hiddenByOctant[o]) / own[o])) : 1;
  for (let k = 0; k < count; k++) into[start + k] = factor[octants[k]];
}
