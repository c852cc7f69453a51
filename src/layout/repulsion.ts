import type { Octree } from './octree';

/**
 * Barnes–Hut repulsion on bodies [start, end): each pair pushes apart with strength
 * `strength * m_i * m_j / d` (ForceAtlas2's model), a cell far enough away (half-size / distance
 * < theta / 2) acting as one body at its centre of mass. Writes x, y, z per body into `out`.
 * Bodies are taken as `order[start..end)`. Each body's sum only reads the tree, so threads
 * splitting the bodies get identical results.
 */
export function computeRepulsion(
  tree: Octree,
  positions: Float64Array,
  masses: Float64Array,
  out: Float64Array,
  order: Int32Array,
  start: number,
  end: number,
  theta: number,
  strength: number,
  stack: Int32Array,
): void {
  const { child, firstBody, nextBody, half, mass, massCentre } = tree;
  const thetaSquared = theta * theta;
  for (let o = start; o < end; o++) {
    const i = order[o];
    const x = positions[3 * i], y = positions[3 * i + 1], z = positions[3 * i + 2];
    let fx = 0, fy = 0, fz = 0;
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const cell = stack[--top];
      let body = firstBody[cell];
      if (body >= 0) {
        for (; body >= 0; body = nextBody[body]) {
          if (body === i) continue;
          let dx = x - positions[3 * body], dy = y - positions[3 * body + 1], dz = z - positions[3 * body + 2];
          let d2 = dx * dx + dy * dy + dz * dz;
          if (d2 < 1e-9) {
            // Coincident bodies: push apart along a direction fixed by their ids, deterministic.
            dx = ((i * 7919 + body) % 13) - 6 || 1;
            dy = ((i * 104729 + body) % 11) - 5;
            dz = ((i + body * 31) % 7) - 3;
            d2 = dx * dx + dy * dy + dz * dz;
          }
          const f = masses[body] / d2;
          fx += dx * f;
          fy += dy * f;
          fz += dz * f;
        }
        continue;
      }
      const dx = x - massCentre[3 * cell], dy = y - massCentre[3 * cell + 1], dz = z - massCentre[3 * cell + 2];
      const d2 = dx * dx + dy * dy + dz * dz;
      const size = 2 * half[cell];
      if (size * size < thetaSquared * d2) {
        const f = mass[cell] / d2;
        fx += dx * f;
        fy += dy * f;
        fz += dz * f;
      } else {
        const base = cell * 8;
        for (let k = 0; k < 8; k++) {
          const c = child[base + k];
          if (c >= 0) stack[top++] = c;
        }
      }
    }
    const scale = strength * masses[i];
    out[3 * i] = fx * scale;
    out[3 * i + 1] = fy * scale;
    out[3 * i + 2] = fz * scale;
  }
}

/** Deep enough for any tree the builder makes: 7 pending siblings per level plus slack. */
export const TRAVERSAL_STACK_SIZE = 8 * 64;
