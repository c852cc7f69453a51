import type { Ray } from './ray';

/**
 * Keeps the star nearest to a ray: within `threshold` of it, ahead of the origin, and on a tie the
 * one closer to the origin. The brute-force scan and the octree walk feed it the same way.
 */
export class NearestOnRay {
  best: number | undefined;
  private bestDist = Infinity;
  private bestT = Infinity;
  private readonly limit: number;

  private constructor(
    readonly ox: number,
    readonly oy: number,
    readonly oz: number,
    /** Unit direction. */
    readonly dx: number,
    readonly dy: number,
    readonly dz: number,
    threshold: number,
  ) {
    this.limit = threshold * threshold;
  }

  /** Undefined for a ray without a direction, which can hit nothing. */
  static along(ray: Ray, threshold: number): NearestOnRay | undefined {
    const [x, y, z] = ray.direction;
    const len = Math.hypot(x, y, z);
    if (!(len > 0)) return undefined;
    const [ox, oy, oz] = ray.origin;
    return new NearestOnRay(ox, oy, oz, x / len, y / len, z / len, threshold);
  }

  consider(points: ArrayLike<number>, id: number): void {
    const px = points[id * 3] - this.ox, py = points[id * 3 + 1] - this.oy, pz = points[id * 3 + 2] - this.oz;
    const t = px * this.dx + py * this.dy + pz * this.dz;
    if (t <= 0) return;
    const d2 = px * px + py * py + pz * pz - t * t;
    if (d2 > this.limit) return;
    if (d2 < this.bestDist || (d2 === this.bestDist && t < this.bestT)) {
      this.best = id;
      this.bestDist = d2;
      this.bestT = t;
    }
  }
}
