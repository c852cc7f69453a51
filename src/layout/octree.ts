import { boundingBox } from '../geometry/boundingBox';
/**
 * A Barnes–Hut octree over typed arrays (shareable with worker threads). Cell 0 is the root; a
 * cell is either internal (eight child slots, -1 when empty) or a leaf holding a list of bodies
 * (more than one only when bodies coincide or the depth limit is reached). Children are created
 * after their parents, so walking cells backwards visits children first.
 */
export interface Octree {
  cellCount: number;
  /** child cell per octant, 8 per cell, -1 when empty */
  child: Int32Array;
  /** first body of a leaf (list continues in `nextBody`), -1 for an internal cell */
  firstBody: Int32Array;
  nextBody: Int32Array;
  parent: Int32Array;
  /** half the edge length of the cell's cube */
  half: Float64Array;
  /** cube centre x, y, z per cell */
  centre: Float64Array;
  mass: Float64Array;
  /** centre of mass x, y, z per cell */
  massCentre: Float64Array;
}

const MAX_DEPTH = 28;

function sharedOrPlain(bytes: number, shared: boolean): ArrayBufferLike {
  return shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

export function allocateOctree(bodyCount: number, cellCapacity: number, shared: boolean): Octree {
  return {
    cellCount: 0,
    child: new Int32Array(sharedOrPlain(cellCapacity * 8 * 4, shared)),
    firstBody: new Int32Array(sharedOrPlain(cellCapacity * 4, shared)),
    nextBody: new Int32Array(sharedOrPlain(Math.max(1, bodyCount) * 4, shared)),
    parent: new Int32Array(sharedOrPlain(cellCapacity * 4, shared)),
    half: new Float64Array(sharedOrPlain(cellCapacity * 8, shared)),
    centre: new Float64Array(sharedOrPlain(cellCapacity * 3 * 8, shared)),
    mass: new Float64Array(sharedOrPlain(cellCapacity * 8, shared)),
    massCentre: new Float64Array(sharedOrPlain(cellCapacity * 3 * 8, shared)),
  };
}

function capacityOf(tree: Octree): number {
  return tree.firstBody.length;
}

/**
 * Builds the tree of `positions` (x, y, z per body) weighted by `masses` into `tree`, reusing its
 * arrays. Returns false when the arrays are too small; the caller then allocates bigger ones.
 */
export function buildOctree(tree: Octree, positions: Float64Array, masses: Float64Array): boolean {
  const n = masses.length;
  const { minX, minY, minZ, maxX, maxY, maxZ } = boundingBox(positions, n);
  const capacity = capacityOf(tree);
  const { child, firstBody, nextBody, parent, half, centre } = tree;
  let cells = 1;
  child.fill(-1, 0, 8);
  firstBody[0] = -1;
  parent[0] = -1;
  half[0] = Math.max(maxX - minX, maxY - minY, maxZ - minZ, 1e-6) / 2 + 1e-6;
  centre[0] = (minX + maxX) / 2;
  centre[1] = (minY + maxY) / 2;
  centre[2] = (minZ + maxZ) / 2;
  if (n > 0) {
    firstBody[0] = 0;
    nextBody[0] = -1;
  }

  for (let body = 1; body < n; body++) {
    const x = positions[3 * body], y = positions[3 * body + 1], z = positions[3 * body + 2];
    let cell = 0;
    let depth = 0;
    for (;;) {
      const leafBody = firstBody[cell];
      if (leafBody >= 0) {
        const lx = positions[3 * leafBody], ly = positions[3 * leafBody + 1], lz = positions[3 * leafBody + 2];
        if (depth >= MAX_DEPTH || (lx === x && ly === y && lz === z)) {
          nextBody[body] = firstBody[cell];
          firstBody[cell] = body;
          break;
        }
        // Split the leaf: its bodies move one level down, then this body continues from here.
        if (cells + 1 > capacity) return false;
        const cx = centre[3 * cell], cy = centre[3 * cell + 1], cz = centre[3 * cell + 2];
        const octant = (lx > cx ? 1 : 0) | (ly > cy ? 2 : 0) | (lz > cz ? 4 : 0);
        const moved = cells++;
        initCell(tree, moved, cell, octant);
        firstBody[moved] = leafBody;
        firstBody[cell] = -1;
        child.fill(-1, cell * 8, cell * 8 + 8);
        child[cell * 8 + octant] = moved;
      }
      const cx = centre[3 * cell], cy = centre[3 * cell + 1], cz = centre[3 * cell + 2];
      const octant = (x > cx ? 1 : 0) | (y > cy ? 2 : 0) | (z > cz ? 4 : 0);
      const next = child[cell * 8 + octant];
      if (next < 0) {
        if (cells + 1 > capacity) return false;
        const leaf = cells++;
        initCell(tree, leaf, cell, octant);
        firstBody[leaf] = body;
        nextBody[body] = -1;
        child[cell * 8 + octant] = leaf;
        break;
      }
      cell = next;
      depth++;
    }
  }
  tree.cellCount = cells;
  accumulateMass(tree, positions, masses);
  return true;
}

function initCell(tree: Octree, cell: number, parentCell: number, octant: number): void {
  const h = tree.half[parentCell] / 2;
  tree.half[cell] = h;
  tree.parent[cell] = parentCell;
  tree.centre[3 * cell] = tree.centre[3 * parentCell] + (octant & 1 ? h : -h);
  tree.centre[3 * cell + 1] = tree.centre[3 * parentCell + 1] + (octant & 2 ? h : -h);
  tree.centre[3 * cell + 2] = tree.centre[3 * parentCell + 2] + (octant & 4 ? h : -h);
  tree.child.fill(-1, cell * 8, cell * 8 + 8);
  tree.firstBody[cell] = -1;
}

function accumulateMass(tree: Octree, positions: Float64Array, masses: Float64Array): void {
  const { cellCount, firstBody, nextBody, parent, mass, massCentre } = tree;
  mass.fill(0, 0, cellCount);
  massCentre.fill(0, 0, cellCount * 3);
  for (let cell = cellCount - 1; cell >= 0; cell--) {
    for (let body = firstBody[cell]; body >= 0; body = nextBody[body]) {
      const m = masses[body];
      mass[cell] += m;
      massCentre[3 * cell] += m * positions[3 * body];
      massCentre[3 * cell + 1] += m * positions[3 * body + 1];
      massCentre[3 * cell + 2] += m * positions[3 * body + 2];
    }
    // Until here massCentre holds mass-weighted sums; divide once all children have added theirs.
    const m = mass[cell];
    const p = parent[cell];
    if (p >= 0) {
      mass[p] += m;
      massCentre[3 * p] += massCentre[3 * cell];
      massCentre[3 * p + 1] += massCentre[3 * cell + 1];
      massCentre[3 * p + 2] += massCentre[3 * cell + 2];
    }
    if (m > 0) {
      massCentre[3 * cell] /= m;
      massCentre[3 * cell + 1] /= m;
      massCentre[3 * cell + 2] /= m;
    }
  }
}

/**
 * Writes the bodies into `order` leaf by leaf in depth-first order, so that bodies handled one
 * after another are near each other in space and walk the same cells (much better cache use).
 */
export function depthFirstBodies(tree: Octree, order: Int32Array, stack: Int32Array): void {
  let top = 0;
  let at = 0;
  stack[top++] = 0;
  while (top > 0) {
    const cell = stack[--top];
    if (tree.firstBody[cell] >= 0) {
      for (let body = tree.firstBody[cell]; body >= 0; body = tree.nextBody[body]) order[at++] = body;
      continue;
    }
    for (let k = 7; k >= 0; k--) {
      const c = tree.child[cell * 8 + k];
      if (c >= 0) stack[top++] = c;
    }
  }
}
