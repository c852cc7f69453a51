/**
 * The sides of the camera's view as planes (a, b, c, d: inside where ax + by + cz + d >= 0), read
 * from a column-major view-projection matrix with clip z in -1..1 (gl-matrix's `perspective`).
 * The far plane is left out: how far a tile or cell is decides its importance, not whether it is
 * seen. The tile planner, a whole galaxy's cell choice and the renderer's visible runs read them.
 */
export type FrustumPlanes = Float64Array;

const PLANES = 5;

/** Room for a camera's planes, for a planner that keeps one and rewrites it each plan (frustumPlanes' `into`). */
export function emptyFrustumPlanes(): FrustumPlanes {
  return new Float64Array(PLANES * 4);
}

/** How frustumPlanes may change the planes: side planes moved out, and each plane scaled to a unit normal. */
export interface FrustumShape {
  /** The left and right planes at x = ±widenX in clip space (1: the screen's edges). */
  widenX?: number;
  /** The bottom and top planes at y = ±widenY. */
  widenY?: number;
  /** Each plane scaled so that (a, b, c) has length 1: ax + by + cz + d is then a distance in world units. */
  normalised?: boolean;
}

/** `into` (5 planes of 4) is written and returned: what tests planes every plan or frame keeps one. */
export function frustumPlanes(viewProjection: ArrayLike<number>, into: FrustumPlanes = emptyFrustumPlanes(), shape?: FrustumShape): FrustumPlanes {
  const m = viewProjection;
  const wx = shape?.widenX ?? 1, wy = shape?.widenY ?? 1;
  // Rows of the matrix: row i is m[i], m[4 + i], m[8 + i], m[12 + i]. Left, right: r3 wx ± r0; bottom,
  // top: r3 wy ± r1; near: r3 + r2.
  for (let k = 0; k < 4; k++) {
    const r0 = m[4 * k], r1 = m[4 * k + 1], r2 = m[4 * k + 2], r3 = m[4 * k + 3];
    into[k] = r3 * wx + r0;
    into[4 + k] = r3 * wx - r0;
    into[8 + k] = r3 * wy + r1;
    into[12 + k] = r3 * wy - r1;
    into[16 + k] = r3 + r2;
  }
  if (shape?.normalised) {
    for (let p = 0; p < PLANES * 4; p += 4) {
      const length = Math.hypot(into[p], into[p + 1], into[p + 2]) || 1;
      for (let c = 0; c < 4; c++) into[p + c] /= length;
    }
  }
  return into;
}

/**
 * False only when the box lies wholly outside one plane by more than `margin` (so behind the camera
 * or beside the view; with normalised planes the margin is in world units); a box that straddles a
 * corner may be kept, which costs a fetch or a cell drawn, never a missing tile or star.
 */
export function boxIntersectsFrustum(planes: FrustumPlanes, box: ArrayLike<number>, offset = 0, margin = 0): boolean {
  const minX = box[offset], minY = box[offset + 1], minZ = box[offset + 2];
  const maxX = box[offset + 3], maxY = box[offset + 4], maxZ = box[offset + 5];
  for (let p = 0; p < planes.length; p += 4) {
    const a = planes[p], b = planes[p + 1], c = planes[p + 2], d = planes[p + 3];
    // The corner farthest along the plane's normal: if even it is outside, the whole box is.
    const x = a >= 0 ? maxX : minX;
    const y = b >= 0 ? maxY : minY;
    const z = c >= 0 ? maxZ : minZ;
    if (a * x + b * y + c * z + d < -margin) return false;
  }
  return true;
}
