import { boundingBox } from '../geometry/boundingBox';
import { NearestOnRay } from './nearestOnRay';
import type { Ray } from './ray';
import { rayHitsBox } from './rayBox';
/**
 * docs/rules.md#picking spatial index: an 8-way tree over x,y,z triples. A leaf holds up to
 * `LEAF_CAPACITY` points; one more splits it into octants, down to `MAX_DEPTH`.
 * Stored flat in typed arrays so it can be built in a worker and transferred whole.
 */
export const LEAF_CAPACITY = 4;
export const MAX_DEPTH = 16;

export interface FlatOctree {
  /** Per tree node: centre x, y, z and half the side of its cube. */
  cubes: Float32Array;
  /** Per tree node: index of its first child (children are contiguous), or -1 for a leaf. */
  firstChild: Int32Array;
  /** Per tree node: number of children (0 for a leaf). */
  childCount: Uint8Array;
  /** Per tree node: start and count of its points in `items` (leaves only). */
  itemStart: Uint32Array;
  itemCount: Uint32Array;
  /** Point ids (index of the triple), grouped by leaf. */
  items: Uint32Array;
  nodeCount: number;
}

export type PointsInput = ArrayLike<number> | null | undefined;

/** The exact developer errors of docs/rules.md#picking. */
export function verifyPoints(points: unknown): asserts points is ArrayLike<number> {
  if (!points) throw new Error('Points array is required for quadtree to work');
  if (typeof (points as { length?: unknown }).length !== 'number') throw new Error('Points should be array-like object');
  if ((points as ArrayLike<number>).length % 3 !== 0) {
    throw new Error('Points array should consist of series of x,y,z coordinates and be multiple of 3');
  }
}

export function buildOctree(points: unknown): FlatOctree {
  verifyPoints(points);
  const count = points.length / 3;
  const items = new Uint32Array(count);
  for (let i = 0; i < count; i++) items[i] = i;

  const { minX, minY, minZ, maxX, maxY, maxZ } = boundingBox(points, count);
  const half = Math.max(maxX - minX, maxY - minY, maxZ - minZ, 1) / 2;

  // Upper bound on tree nodes: each split turns one leaf into at most 8 nodes and needs > 4 points.
  let capacity = 64;
  let cubes = new Float32Array(capacity * 4);
  let firstChild = new Int32Array(capacity);
  let childCount = new Uint8Array(capacity);
  let itemStart = new Uint32Array(capacity);
  let itemCount = new Uint32Array(capacity);
  let nodeCount = 0;

  const grow = () => {
    capacity *= 2;
    const c = new Float32Array(capacity * 4); c.set(cubes); cubes = c;
    const f = new Int32Array(capacity); f.set(firstChild); firstChild = f;
    const k = new Uint8Array(capacity); k.set(childCount); childCount = k;
    const s = new Uint32Array(capacity); s.set(itemStart); itemStart = s;
    const n = new Uint32Array(capacity); n.set(itemCount); itemCount = n;
  };
  const addNode = (cx: number, cy: number, cz: number, h: number, start: number, n: number): number => {
    if (nodeCount === capacity) grow();
    const id = nodeCount++;
    cubes[id * 4] = cx; cubes[id * 4 + 1] = cy; cubes[id * 4 + 2] = cz; cubes[id * 4 + 3] = h;
    firstChild[id] = -1;
    itemStart[id] = start;
    itemCount[id] = n;
    return id;
  };

  const octantOf = new Uint8Array(count);
  const scratch = new Uint32Array(count);
  const queue: Array<[node: number, depth: number]> = [[addNode((minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2, half, 0, count), 0]];
  while (queue.length > 0) {
    const [node, depth] = queue.pop()!;
    const start = itemStart[node], n = itemCount[node];
    if (n <= LEAF_CAPACITY || depth >= MAX_DEPTH) continue;
    const cx = cubes[node * 4], cy = cubes[node * 4 + 1], cz = cubes[node * 4 + 2], h = cubes[node * 4 + 3];
    const counts = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let i = start; i < start + n; i++) {
      const p = items[i] * 3;
      const o = (points[p] >= cx ? 1 : 0) | (points[p + 1] >= cy ? 2 : 0) | (points[p + 2] >= cz ? 4 : 0);
      octantOf[items[i]] = o;
      counts[o]++;
    }
    const offsets = [0, 0, 0, 0, 0, 0, 0, 0];
    for (let o = 1; o < 8; o++) offsets[o] = offsets[o - 1] + counts[o - 1];
    const cursor = offsets.slice();
    for (let i = start; i < start + n; i++) scratch[start + cursor[octantOf[items[i]]]++] = items[i];
    items.set(scratch.subarray(start, start + n), start);

    const q = h / 2;
    let first = -1, children = 0;
    for (let o = 0; o < 8; o++) {
      if (counts[o] === 0) continue;
      const child = addNode(cx + (o & 1 ? q : -q), cy + (o & 2 ? q : -q), cz + (o & 4 ? q : -q), q, start + offsets[o], counts[o]);
      if (first < 0) first = child;
      children++;
      queue.push([child, depth + 1]);
    }
    firstChild[node] = first;
    childCount[node] = children;
    itemCount[node] = 0;
  }

  return {
    cubes: cubes.slice(0, nodeCount * 4),
    firstChild: firstChild.slice(0, nodeCount),
    childCount: childCount.slice(0, nodeCount),
    itemStart: itemStart.slice(0, nodeCount),
    itemCount: itemCount.slice(0, nodeCount),
    items,
    nodeCount,
  };
}

/** Depth of the deepest leaf (the root is depth 0). */
export function octreeDepth(tree: FlatOctree): number {
  let deepest = 0;
  const stack: Array<[number, number]> = tree.nodeCount > 0 ? [[0, 0]] : [];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    for (let c = 0; c < tree.childCount[node]; c++) stack.push([tree.firstChild[node] + c, depth + 1]);
  }
  return deepest;
}

/**
 * The star nearest to the ray (perpendicular distance at most `threshold`, in front of the
 * origin); on a tie the one nearer the origin. Undefined when none qualifies.
 */
export function intersectRay(
  tree: FlatOctree,
  points: ArrayLike<number>,
  ray: Ray,
  threshold: number,
): number | undefined {
  const nearest = NearestOnRay.along(ray, threshold);
  if (!nearest || tree.nodeCount === 0) return undefined;
  const { ox, oy, oz, dx, dy, dz } = nearest;
  const { cubes, firstChild, childCount, itemStart, itemCount, items } = tree;
  const stack = [0];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const h = cubes[node * 4 + 3] + threshold;
    const cx = cubes[node * 4], cy = cubes[node * 4 + 1], cz = cubes[node * 4 + 2];
    if (!rayHitsBox(ox, oy, oz, dx, dy, dz, cx - h, cy - h, cz - h, cx + h, cy + h, cz + h)) continue;
    const children = childCount[node];
    if (children > 0) {
      for (let c = 0; c < children; c++) stack.push(firstChild[node] + c);
      continue;
    }
    for (let i = itemStart[node], end = i + itemCount[node]; i < end; i++) nearest.consider(points, items[i]);
  }
  return nearest.best;
}
