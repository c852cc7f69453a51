import type { TileHierarchy } from '../tileHierarchy';
import { unpackFile } from './gzip';
import { HIERARCHY_HEADER_BYTES, HIERARCHY_MAGIC, hierarchyBytes } from './layout';
import { TileDataError } from './tileError';

/** What hierarchy.bin holds beyond the TileHierarchy itself. */
export interface HierarchyTotals {
  totalLinks: number;
}

/**
 * hierarchy.bin: header (magic "GXH1", tileCount, totalStars, maxInDegree, totalLinks, 0) then the
 * columns parent i32, firstChild u32, starCount u32, byteSize u32, boxes 6 x f32, childCount u8,
 * level u8, one entry per tile in tile order.
 */
export function encodeHierarchy(hierarchy: TileHierarchy, totals: HierarchyTotals): Uint8Array {
  const count = hierarchy.tileCount;
  const bytes = new Uint8Array(hierarchyBytes(count));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, HIERARCHY_MAGIC, true);
  view.setUint32(4, count, true);
  view.setUint32(8, hierarchy.totalStars, true);
  view.setUint32(12, hierarchy.maxInDegree, true);
  view.setUint32(16, totals.totalLinks, true);
  view.setUint32(20, 0, true);
  let at = HIERARCHY_HEADER_BYTES;
  const column = (values: ArrayLike<number>, signed: boolean) => {
    for (let i = 0; i < values.length; i++, at += 4) {
      if (signed) view.setInt32(at, values[i], true);
      else view.setUint32(at, values[i], true);
    }
  };
  column(hierarchy.parent, true);
  column(hierarchy.firstChild, false);
  column(hierarchy.starCount, false);
  column(hierarchy.byteSize, false);
  for (let i = 0; i < hierarchy.boxes.length; i++, at += 4) view.setFloat32(at, hierarchy.boxes[i], true);
  bytes.set(hierarchy.childCount, at);
  bytes.set(hierarchy.level, at + count);
  return bytes;
}

export type DecodedHierarchy = TileHierarchy & HierarchyTotals;

/** The TileHierarchy of an uncompressed hierarchy.bin, checked: a damaged file throws TileDataError. */
export function decodeHierarchy(bytes: Uint8Array): DecodedHierarchy {
  const fail = (problem: string): never => {
    throw new TileDataError(`hierarchy.bin ${problem}`);
  };
  if (bytes.byteLength < HIERARCHY_HEADER_BYTES) fail(`is ${bytes.byteLength} bytes, shorter than its header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== HIERARCHY_MAGIC) fail('does not start with "GXH1": not a tile hierarchy');
  const tileCount = view.getUint32(4, true);
  const expected = hierarchyBytes(tileCount);
  if (tileCount === 0) fail('holds no tiles');
  if (bytes.byteLength !== expected) fail(`is ${bytes.byteLength} bytes, expected ${expected} for ${tileCount} tiles`);
  let at = HIERARCHY_HEADER_BYTES;
  const u32 = () => {
    const values = new Uint32Array(tileCount);
    for (let i = 0; i < tileCount; i++, at += 4) values[i] = view.getUint32(at, true);
    return values;
  };
  const parent = new Int32Array(tileCount);
  for (let i = 0; i < tileCount; i++, at += 4) parent[i] = view.getInt32(at, true);
  const firstChild = u32();
  const starCount = u32();
  const byteSize = u32();
  const boxes = new Float32Array(tileCount * 6);
  for (let i = 0; i < boxes.length; i++, at += 4) boxes[i] = view.getFloat32(at, true);
  const childCount = bytes.slice(at, at + tileCount);
  const level = bytes.slice(at + tileCount, at + 2 * tileCount);
  const hierarchy: DecodedHierarchy = {
    tileCount,
    parent,
    firstChild,
    childCount,
    level,
    boxes,
    starCount,
    byteSize,
    totalStars: view.getUint32(8, true),
    maxInDegree: view.getUint32(12, true),
    totalLinks: view.getUint32(16, true),
  };
  const problem = hierarchyProblem(hierarchy);
  if (problem) fail(problem);
  return hierarchy;
}

/** The TileHierarchy of hierarchy.bin as fetched, gzip or not, unpacked to at most `maxBytes` (unpackLimits.ts). */
export async function readTileHierarchy(bytes: Uint8Array, maxBytes: number): Promise<DecodedHierarchy> {
  return decodeHierarchy(await unpackFile(bytes, 'hierarchy.bin', maxBytes));
}

/**
 * The first broken invariant of a hierarchy, or undefined: every box finite and not inside out,
 * tile 0 is the only root, children are contiguous and point back to their parent one level down,
 * children's boxes lie inside their parent's, and the tiles' stars add up to the total.
 */
export function hierarchyProblem(h: TileHierarchy): string | undefined {
  const boxProblem = boxesProblem(h);
  if (boxProblem) return boxProblem;
  if (h.parent[0] !== -1) return 'has no root at tile 0';
  let stars = 0;
  for (let t = 0; t < h.tileCount; t++) {
    stars += h.starCount[t];
    if (t > 0 && (h.parent[t] < 0 || h.parent[t] >= t)) return `gives tile ${t} the parent ${h.parent[t]}`;
    if (h.childCount[t] > 8) return `gives tile ${t} ${h.childCount[t]} children`;
    for (let c = 0; c < h.childCount[t]; c++) {
      const child = h.firstChild[t] + c;
      if (child >= h.tileCount || h.parent[child] !== t) return `lists tile ${child} as a child of tile ${t}, which it is not`;
      if (h.level[child] !== h.level[t] + 1) return `puts tile ${child} at level ${h.level[child]} under level ${h.level[t]}`;
      for (let axis = 0; axis < 3; axis++) {
        if (h.boxes[child * 6 + axis] < h.boxes[t * 6 + axis] || h.boxes[child * 6 + 3 + axis] > h.boxes[t * 6 + 3 + axis]) {
          return `puts tile ${child}'s box outside its parent's`;
        }
      }
    }
  }
  if (stars !== h.totalStars) return `holds ${stars} stars in its tiles but says the galaxy has ${h.totalStars}`;
  return undefined;
}

/** A box holding NaN passes every comparison of hierarchyProblem (they are all false): checked first. */
function boxesProblem(h: TileHierarchy): string | undefined {
  for (let t = 0; t < h.tileCount; t++) {
    for (let axis = 0; axis < 3; axis++) {
      const min = h.boxes[t * 6 + axis];
      const max = h.boxes[t * 6 + 3 + axis];
      if (!Number.isFinite(min) || !Number.isFinite(max)) return `gives tile ${t} a box that is not finite (${min} .. ${max} on axis ${'xyz'[axis]})`;
      if (max < min) return `gives tile ${t} a box that ends before it starts (${min} .. ${max} on axis ${'xyz'[axis]})`;
    }
  }
  return undefined;
}

/** The number of the first star of every tile (stars are numbered in tile order), and the total at the end. */
export function tileFirstStars(hierarchy: TileHierarchy): Uint32Array {
  const first = new Uint32Array(hierarchy.tileCount + 1);
  for (let t = 0; t < hierarchy.tileCount; t++) first[t + 1] = first[t] + hierarchy.starCount[t];
  return first;
}

/** The tile (or shard) holding `star`, from ascending first-star numbers ending with the total. */
export function rangeOfStar(firstStars: ArrayLike<number>, star: number): number {
  let low = 0;
  let high = firstStars.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (firstStars[middle] <= star) low = middle;
    else high = middle - 1;
  }
  return low;
}
