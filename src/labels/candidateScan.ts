import { MAX_POINT_SIZE, POINT_SIZE_FACTOR } from '../renderer/starStyle';

/** Added to the score of a boosted star: more than any drawn diameter. */
const BOOST = 1e6;

/** A frozen camera for one pass of the scan. */
export interface ScanCamera {
  viewProjection: ArrayLike<number>;
  position: ArrayLike<number>;
  /** Device pixels per CSS pixel. */
  pixelRatio: number;
}

/** Drawn diameter of a star in CSS pixels, as the star shaders size it. */
export function starCssDiameter(size: number, distance: number, pixelRatio: number): number {
  const device = Math.min(Math.max((size * POINT_SIZE_FACTOR) / Math.max(distance, 1e-6), 2), MAX_POINT_SIZE);
  return device / pixelRatio;
}

/**
 * Finds the stars that most deserve a name from where the camera is: those drawn widest on screen,
 * which covers both big stars (high in-degree) far away and any star near the camera. It walks every
 * star in slices under a time budget (so a million stars never stall a frame), keeping the best
 * `capacity` in a min-heap; each finished pass replaces the result.
 */
export class CandidateScan {
  private heapIds: Uint32Array;
  private heapScores: Float32Array;
  private heapSize = 0;
  private next = 0;
  private camera: ScanCamera | undefined;
  private done: Uint32Array = new Uint32Array(0);
  /** Passes finished so far. */
  passes = 0;

  constructor(
    private readonly positions: Float32Array,
    private readonly sizes: Float32Array,
    private readonly capacity: number,
    private readonly minCssDiameter: number,
    /** Stars marked 1 here (highlighted, search results) rank above all others and need no minimum size. */
    private readonly boosted?: Uint8Array,
  ) {
    this.heapIds = new Uint32Array(capacity);
    this.heapScores = new Float32Array(capacity);
  }

  get running(): boolean {
    return this.camera !== undefined;
  }

  /** Starts a new pass (dropping one in progress) with this camera. */
  begin(camera: ScanCamera): void {
    this.camera = { viewProjection: Float32Array.from(camera.viewProjection), position: Float32Array.from(camera.position), pixelRatio: camera.pixelRatio };
    this.next = 0;
    this.heapSize = 0;
  }

  /** Scans until `deadline` (performance.now() time); true when the pass finished. */
  step(deadline: number, now: () => number = () => performance.now()): boolean {
    const camera = this.camera;
    if (!camera) return true;
    const m = camera.viewProjection, p = this.positions, sizes = this.sizes;
    const cx = camera.position[0], cy = camera.position[1], cz = camera.position[2];
    const count = sizes.length;
    const ratio = camera.pixelRatio;
    while (this.next < count) {
      const end = Math.min(count, this.next + 1024);
      for (let id = this.next; id < end; id++) {
        const x = p[id * 3], y = p[id * 3 + 1], z = p[id * 3 + 2];
        const w = m[3] * x + m[7] * y + m[11] * z + m[15];
        if (w <= 0) continue;
        const nx = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
        const ny = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
        if (nx < -1 || nx > 1 || ny < -1 || ny > 1) continue;
        // Unclamped, so that far big stars drawn at the 2 px minimum still rank by size.
        let score = (sizes[id] * POINT_SIZE_FACTOR) / Math.max(Math.hypot(x - cx, y - cy, z - cz), 1e-6) / ratio;
        if (this.boosted?.[id]) score += BOOST;
        else if (score < this.minCssDiameter) continue;
        this.offer(id, score);
      }
      this.next = end;
      if (this.next < count && now() >= deadline) return false;
    }
    this.finish();
    return true;
  }

  /** The last finished pass's stars, best first. */
  result(): Uint32Array {
    return this.done;
  }

  private finish(): void {
    const order = Array.from({ length: this.heapSize }, (_, i) => i).sort((a, b) => this.heapScores[b] - this.heapScores[a] || this.heapIds[a] - this.heapIds[b]);
    this.done = Uint32Array.from(order, (i) => this.heapIds[i]);
    this.camera = undefined;
    this.passes++;
  }

  private offer(id: number, score: number): void {
    const ids = this.heapIds, scores = this.heapScores;
    if (this.heapSize < this.capacity) {
      let i = this.heapSize++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (scores[parent] <= score) break;
        ids[i] = ids[parent];
        scores[i] = scores[parent];
        i = parent;
      }
      ids[i] = id;
      scores[i] = score;
      return;
    }
    if (score <= scores[0]) return;
    let i = 0;
    const n = this.heapSize;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && scores[right] < scores[left] ? right : left;
      if (scores[child] >= score) break;
      ids[i] = ids[child];
      scores[i] = scores[child];
      i = child;
    }
    ids[i] = id;
    scores[i] = score;
  }
}
