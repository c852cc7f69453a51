/**
 * The sides of the camera's view as planes (a, b, c, d: inside where ax + by + cz + d >= 0), read
 * from a column-major view-projection matrix with clip z in -1..1 (gl-matrix's `perspective`).
 * The far plane is left out: how far a tile is decides its importance, not whether it is seen.
 */
export type FrustumPlanes = Float64Array;

const PLANES = 5;

export function frustumPlanes(viewProjection: ArrayLike<number>): FrustumPlanes {
  const m = viewProjection;
  const row = (i: number) => [m[i], m[4 + i], m[8 + i], m[12 + i]];
  const [r0, r1, r2, r3] = [row(0), row(1), row(2), row(3)];
  const planes = new Float64Array(PLANES * 4);
  const sides = [
    r3.map((v, i) => v + r0[i]), // left
    r3.map((v, i) => v - r0[i]), // right
    r3.map((v, i) => v + r1[i]), // bottom
    r3.map((v, i) => v - r1[i]), // top
    r3.map((v, i) => v + r2[i]), // near
  ];
  sides.forEach((plane, p) => planes.set(plane, p * 4));
  return planes;
}

/**
 * False only when the box lies wholly outside one plane (so behind the camera or beside the view);
 * a box that straddles a corner may be kept, which costs a fetch, never a missing tile.
 */
export function boxIntersectsFrustum(planes: FrustumPlanes, box: ArrayLike<number>, offset = 0): boolean {
  const minX = box[offset], minY = box[offset + 1], minZ = box[offset + 2];
  const maxX = box[offset + 3], maxY = box[offset + 4], maxZ = box[offset + 5];
  for (let p = 0; p < planes.length; p += 4) {
    const a = planes[p], b = planes[p + 1], c = planes[p + 2], d = planes[p + 3];
    // The corner farthest along the plane's normal: if even it is outside, the whole box is.
    const x = a >= 0 ? maxX : minX;
    const y = b >= 0 ? maxY : minY;
    const z = c >= 0 ? maxZ : minZ;
    if (a * x + b * y + c * z + d < 0) return false;
  }
  return true;
}
