/** What the planner needs to know of the camera; plain numbers, so that it runs anywhere (a worker, a test). */
export interface PlannerCamera {
  /** Column-major projection x view, clip z in -1..1 (gl-matrix's `perspective`). */
  viewProjection: ArrayLike<number>;
  /** World position of the camera. */
  position: readonly [number, number, number];
  /** Height of the drawing buffer in pixels. */
  viewportHeight: number;
  /** Vertical field of view in radians. */
  fovY: number;
}

/** Pixels on screen per world unit at distance 1: a sphere of radius r at distance d covers r * this / d pixels. */
export function projectionFactor(camera: PlannerCamera): number {
  return camera.viewportHeight / 2 / Math.tan(camera.fovY / 2);
}

export interface TileImportance {
  /** Radius in pixels of the tile's bounding sphere on screen (Infinity when the camera is inside it). */
  pixelRadius: number;
  /** The queue key: projected size over distance, so near big tiles come first (Infinity when inside). */
  importance: number;
}

/**
 * Screen-space importance of a world-space box (6 numbers at `offset`, already multiplied by the
 * scale), as Potree ranks its nodes: the projected radius of the box's bounding sphere divided by
 * its distance, which favours what is both big on screen and near.
 */
export function tileImportance(camera: PlannerCamera, factor: number, box: ArrayLike<number>, offset: number, scale: number): TileImportance {
  const cx = ((box[offset] + box[offset + 3]) / 2) * scale;
  const cy = ((box[offset + 1] + box[offset + 4]) / 2) * scale;
  const cz = ((box[offset + 2] + box[offset + 5]) / 2) * scale;
  const radius =
    (Math.hypot(box[offset + 3] - box[offset], box[offset + 4] - box[offset + 1], box[offset + 5] - box[offset + 2]) / 2) * Math.abs(scale);
  return sphereImportance(camera, factor, cx, cy, cz, radius, { pixelRadius: 0, importance: 0 });
}

/**
 * tileImportance of a bounding sphere (world centre and radius), written into `out`: the planner
 * scores its kept spheres (tileSpheres.ts) with it, one kept result for a whole plan. The distance
 * is a square root of the summed squares (Math.hypot guards against overflows world coordinates
 * never reach, at several times the cost).
 */
export function sphereImportance(camera: PlannerCamera, factor: number, x: number, y: number, z: number, radius: number, out: TileImportance): TileImportance {
  const p = camera.position;
  const dx = x - p[0], dy = y - p[1], dz = z - p[2];
  const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (distance <= radius) {
    out.pixelRadius = Infinity;
    out.importance = Infinity;
    return out;
  }
  out.pixelRadius = (radius * factor) / distance;
  out.importance = out.pixelRadius / distance;
  return out;
}
