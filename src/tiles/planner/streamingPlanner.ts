import type { TileHierarchy } from '../tileHierarchy';
import { boxIntersectsFrustum, emptyFrustumPlanes, frustumPlanes } from './frustum';
import { projectionFactor, tileImportance, type PlannerCamera } from './importance';
import { TilePriorityQueue } from './tilePriorityQueue';

export interface StreamingBudget {
  /** Most stars drawn at once. */
  stars: number;
  /** Most bytes of tiles held at once (loaded and being fetched). */
  bytes: number;
}

/** Which tiles are in some state, asked one tile at a time (a Set, or a holder's own map). */
export interface TileLookup {
  has(tile: number): boolean;
}

export interface PlanOptions {
  camera: PlannerCamera;
  budget: StreamingBudget;
  /** Tiles whose stars are in memory (asked per tile; a plan copies nothing of it). */
  loaded: TileLookup;
  /**
   * Tiles that could not be read: neither fetched nor drawn, but refined past, so that the finer
   * tiles of their region (other stars) still draw.
   */
  failed?: TileLookup;
  /** The position scale `s`: tile boxes are in galaxy coordinates, the camera in world coordinates. */
  scale: number;
  /** Tiles smaller than this on screen (bounding-sphere radius in pixels) are not refined. */
  minPixelRadius?: number;
}

export interface TilePlan {
  /** Loaded tiles to draw this frame, most important first. */
  draw: number[];
  /** Tiles wanted but not loaded, most important first: what to fetch next. */
  fetch: number[];
  /** Stars in the tiles to draw. */
  drawnStars: number;
  /** Stars in the tiles drawn and to fetch (within the star budget). */
  wantedStars: number;
  /** Bytes of the tiles drawn and to fetch (within the drawn stars' bytes of the holding budget). */
  wantedBytes: number;
}

export const DEFAULT_MIN_PIXEL_RADIUS = 8;

/**
 * Picks tiles from the camera within a star budget and the drawn stars' bytes, independent of the backend: a
 * priority queue seeded with the root takes the most important tile (projected size over
 * distance) first; a loaded tile is drawn and offers its children, an unloaded one is queued for
 * fetching and its children wait, so the picture refines coarse to fine as tiles arrive. Tiles
 * wholly outside the view are neither drawn nor fetched; the root is always wanted, so that a
 * turn of the camera never shows an empty sky.
 */
export class StreamingPlanner {
  private readonly worldBox = new Float64Array(6);
  private readonly planes = emptyFrustumPlanes();

  constructor(readonly hierarchy: TileHierarchy) {}

  plan({ camera, budget, loaded, failed, scale, minPixelRadius = DEFAULT_MIN_PIXEL_RADIUS }: PlanOptions): TilePlan {
    const h = this.hierarchy;
    const planes = frustumPlanes(camera.viewProjection, this.planes);
    const factor = projectionFactor(camera);
    const draw: number[] = [];
    const fetch: number[] = [];
    let drawnStars = 0;
    let wantedStars = 0;
    let wantedBytes = 0;
    if (h.tileCount === 0) return { draw, fetch, drawnStars, wantedStars, wantedBytes };

    const queue = new TilePriorityQueue();
    queue.push(0, Infinity);
    while (queue.size > 0) {
      const tile = queue.pop();
      const isRoot = tile === 0;
      const visible = this.visible(planes, tile, scale);
      if (!visible && !isRoot) continue;
      if (failed?.has(tile)) {
        if (visible) this.offerChildren(queue, camera, factor, tile, scale, minPixelRadius);
        continue;
      }
      const stars = h.starCount[tile];
      const bytes = h.byteSize[tile];
      // Strict priority order: once the next tile does not fit, nothing less important is taken either.
      if (!isRoot && (wantedStars + stars > budget.stars || wantedBytes + bytes > budget.bytes)) break;
      wantedStars += stars;
      wantedBytes += bytes;
      if (!loaded.has(tile)) {
        fetch.push(tile);
        continue;
      }
      if (!visible) continue;
      draw.push(tile);
      drawnStars += stars;
      this.offerChildren(queue, camera, factor, tile, scale, minPixelRadius);
    }

    return { draw, fetch, drawnStars, wantedStars, wantedBytes };
  }

  private offerChildren(queue: TilePriorityQueue, camera: PlannerCamera, factor: number, tile: number, scale: number, minPixelRadius: number): void {
    const h = this.hierarchy;
    const first = h.firstChild[tile];
    for (let c = 0; c < h.childCount[tile]; c++) {
      const child = first + c;
      const { pixelRadius, importance } = tileImportance(camera, factor, h.boxes, child * 6, scale);
      if (pixelRadius < minPixelRadius) continue;
      queue.push(child, importance);
    }
  }

  private visible(planes: Float64Array, tile: number, scale: number): boolean {
    const b = this.hierarchy.boxes;
    const o = tile * 6;
    const w = this.worldBox;
    for (let axis = 0; axis < 3; axis++) {
      const lo = b[o + axis] * scale;
      const hi = b[o + 3 + axis] * scale;
      w[axis] = Math.min(lo, hi);
      w[axis + 3] = Math.max(lo, hi);
    }
    return boxIntersectsFrustum(planes, w);
  }
}
