import type { StarCells } from '../renderer/starCells';
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

/**
 * The slot ranges a pass walks, as [start, end) pairs: those of `cells` (a tiled galaxy's drawn
 * tiles), or all `count` slots.
 */
export function scanSpans(count: number, cells?: StarCells): Uint32Array {
  if (!cells) return Uint32Array.of(0, count);
  const spans = new Uint32Array(cells.cells * 2);
  for (let k = 0; k < cells.cells; k++) {
    spans[k * 2] = Math.min(cells.start[k], count);
    spans[k * 2 + 1] = Math.min(cells.start[k] + cells.count[k], count);
  }
  return spans;
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
  /** The slot ranges of this pass: [start, end) pairs, the whole array unless cells were given. */
  private spans: Uint32Array = new Uint32Array(0);
  private span = 0;
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

  /**
   * Starts a new pass (dropping one in progress) with this camera, over the stars of `cells` (a
   * tiled galaxy's drawn tiles) or over every star.
   */
  begin(camera: ScanCamera, cells?: StarCells): void {
    this.beginSpans(camera, scanSpans(this.sizes.length, cells));
  }

  /** Starts a new pass over the given [start, end) slot ranges (see scanSpans). */
  beginSpans(camera: ScanCamera, spans: Uint32Array): void {
    this.camera = { viewProjection: Float32Array.from(camera.viewProjection), position: Float32Array.from(camera.position), pixelRatio: camera.pixelRatio };
    this.spans = spans;
    this.span = 0;
    this.next = this.spans[0] ?? 0;
    this.heapSize = 0;
  }

  /** Scans until `deadline` (performance.now() time); true when the pass finished. */
  step(deadline: number, now: () => number = () => performance.now()): boolean {
    const camera = this.camera;
    if (!camera) return true;
    const m = camera.viewProjection, p = this.positions, sizes = this.sizes, boosted = this.boosted;
    // The clip-space rows for x, y and w, in locals: this loop runs for every star of the galaxy.
    const m0 = m[0], m4 = m[4], m8 = m[8], m12 = m[12];
    const m1 = m[1], m5 = m[5], m9 = m[9], m13 = m[13];
    const m3 = m[3], m7 = m[7], m11 = m[11], m15 = m[15];
    const cx = camera.position[0], cy = camera.position[1], cz = camera.position[2];
    // score = size * scale / distance; unclamped, so that far big stars drawn at the 2 px minimum still rank by size.
    const scale = POINT_SIZE_FACTOR / camera.pixelRatio;
    const scores = this.heapScores, capacity = this.capacity, minScore = this.minCssDiameter;
    const spans = this.spans;
    while (this.span * 2 < spans.length) {
      const spanEnd = spans[this.span * 2 + 1];
      if (this.next >= spanEnd) {
        this.span++;
        this.next = spans[this.span * 2] ?? 0;
        continue;
      }
      const end = Math.min(spanEnd, this.next + 1024);
      // A star must score above this floor to be kept: the minimum size, or the heap's worst once it is full.
      let floor = this.heapSize < capacity ? minScore : Math.max(minScore, scores[0]);
      for (let id = this.next; id < end; id++) {
        const x = p[id * 3], y = p[id * 3 + 1], z = p[id * 3 + 2];
        const dx = x - cx, dy = y - cy, dz = z - cz;
        const distanceSq = dx * dx + dy * dy + dz * dz;
        const reach = sizes[id] * scale;
        if (reach <= 0) continue; // an empty slot
        const isBoosted = boosted !== undefined && boosted[id] !== 0;
        // Most stars are too small for their distance: rejected before the projection and the square root.
        if (!isBoosted && distanceSq * floor * floor > reach * reach) continue;
        const w = m3 * x + m7 * y + m11 * z + m15;
        if (w <= 0) continue;
        const clipX = m0 * x + m4 * y + m8 * z + m12;
        const clipY = m1 * x + m5 * y + m9 * z + m13;
        if (clipX < -w || clipX > w || clipY < -w || clipY > w) continue;
        let score = reach / Math.max(Math.sqrt(distanceSq), 1e-6);
        if (isBoosted) score += BOOST;
        else if (score < minScore) continue;
        this.offer(id, score);
        if (this.heapSize >= capacity) floor = Math.max(minScore, scores[0]);
      }
      this.next = end;
      if (!this.atLastStar() && now() >= deadline) return false;
    }
    this.finish();
    return true;
  }

  private atLastStar(): boolean {
    return this.next >= this.spans[this.span * 2 + 1] && this.span * 2 + 2 >= this.spans.length;
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
