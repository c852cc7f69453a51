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
  /** The root's cube: centre x, y, z and half its side. */
  root: Float32Array;
  /**
   * Per tree node: the octant of its parent's cube that is its cube (bit 0 x, bit 1 y, bit 2 z: set
   * for the upper half; `childCube`). Cubes and item starts are found on the way down rather than
   * kept: 20 bytes a node, 2.8 MB for npm's 196k stars on the page.
   */
  octant: Uint8Array;
  /** Per tree node: index of its first child (children are contiguous), or -1 for a leaf. */
  firstChild: Int32Array;
  /** Per tree node: number of children (0 for a leaf). */
  childCount: Uint8Array;
  /** Per tree node: the number of points under it. */
  itemCount: Uint32Array;
  /**
   * Point ids (index of the triple), grouped by node: a node's points are one range of it, which its
   * children split in order (the root's starts at 0, each child's where its elder siblings' end).
   */
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
  // Every node's cube while the tree is built; only the root's and each node's octant are kept.
  let cubes = new Float32Array(capacity * 4);
  let octant = new Uint8Array(capacity);
  let firstChild = new Int32Array(capacity);
  let childCount = new Uint8Array(capacity);
  let itemStart = new Uint32Array(capacity); // Kept while building only, as the cubes.
  let itemCount = new Uint32Array(capacity);
  let nodeCount = 0;

  const grow = () => {
    capacity *= 2;
    const c = new Float32Array(capacity * 4); c.set(cubes); cubes = c;
    const o = new Uint8Array(capacity); o.set(octant); octant = o;
    const f = new Int32Array(capacity); f.set(firstChild); firstChild = f;
    const k = new Uint8Array(capacity); k.set(childCount); childCount = k;
    const s = new Uint32Array(capacity); s.set(itemStart); itemStart = s;
    const n = new Uint32Array(capacity); n.set(itemCount); itemCount = n;
  };
  const addNode = (cx: number, cy: number, cz: number, h: number, start: number, n: number, fills = 0): number => {
    if (nodeCount === capacity) grow();
    const id = nodeCount++;
    cubes[id * 4] = cx; cubes[id * 4 + 1] = cy; cubes[id * 4 + 2] = cz; cubes[id * 4 + 3] = h;
    octant[id] = fills;
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

    let first = -1, children = 0;
    for (let o = 0; o < 8; o++) {
      if (counts[o] === 0) continue;
      const [x, y, z, q] = childCube(cx, cy, cz, h, o);
      const child = addNode(x, y, z, q, start + offsets[o], counts[o], o);
      if (first < 0) first = child;
      children++;
      queue.push([child, depth + 1]);
    }
    firstChild[node] = first;
    childCount[node] = children;
  }

  return {
    root: cubes.slice(0, 4),
    octant: octant.slice(0, nodeCount),
    firstChild: firstChild.slice(0, nodeCount),
    childCount: childCount.slice(0, nodeCount),
    itemCount: itemCount.slice(0, nodeCount),
    items,
    nodeCount,
  };
}

/**
 * The cube of a node filling octant `o` of the cube centred on x, y, z with half side `h`, rounded
 * to 32-bit floats at each level as the build stores them, so a walk finds the cubes the points
 * were split by.
 */
export function childCube(x: number, y: number, z: number, h: number, o: number): [number, number, number, number] {
  const q = Math.fround(h / 2);
  return [Math.fround(x + (o & 1 ? q : -q)), Math.fround(y + (o & 2 ? q : -q)), Math.fround(z + (o & 4 ? q : -q)), q];
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
  const { root, octant, firstChild, childCount, itemCount, items } = tree;
  // Nodes to visit with the start of their points in `items` and their cubes: node, start, centre x, y, z, half side.
  const stack = [0, 0, root[0], root[1], root[2], root[3]];
  while (stack.length > 0) {
    const h = stack.pop()!, cz = stack.pop()!, cy = stack.pop()!, cx = stack.pop()!, start = stack.pop()!, node = stack.pop()!;
    const g = h + threshold;
    if (!rayHitsBox(ox, oy, oz, dx, dy, dz, cx - g, cy - g, cz - g, cx + g, cy + g, cz + g)) continue;
    const children = childCount[node];
    if (children > 0) {
      for (let c = firstChild[node], end = c + children, at = start; c < end; at += itemCount[c++]) stack.push(c, at, ...childCube(cx, cy, cz, h, octant[c]));
      continue;
    }
    for (let i = start, end = i + itemCount[node]; i < end; i++) nearest.consider(points, items[i]);
  }
  return nearest.best;
}
