import type { TileHierarchy } from '../tileHierarchy';
import { boxIntersectsFrustum, emptyFrustumPlanes, frustumPlanes } from '../../geometry/frustum';
import { projectionFactor, sphereImportance, type PlannerCamera, type TileImportance } from './importance';
import { TilePriorityQueue } from './tilePriorityQueue';
import { tileSpheres, type TileSpheres } from './tileSpheres';

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
  private readonly planes = emptyFrustumPlanes();
  private readonly queue = new TilePriorityQueue();
  private spheres: TileSpheres | undefined;
  /** Tiles whose importance the last plan computed (offered as a child), for tests and benches. */
  scoredLastPlan = 0;
  /** offerChildren's result, rewritten for each child. */
  private readonly scored: TileImportance = { pixelRadius: 0, importance: 0 };

  constructor(readonly hierarchy: TileHierarchy) {}

  plan({ camera, budget, loaded, failed, scale, minPixelRadius = DEFAULT_MIN_PIXEL_RADIUS }: PlanOptions): TilePlan {
    const h = this.hierarchy;
    const draw: number[] = [];
    const fetch: number[] = [];
    let drawnStars = 0;
    let wantedStars = 0;
    let wantedBytes = 0;
    this.scoredLastPlan = 0;
    if (h.tileCount === 0) return { draw, fetch, drawnStars, wantedStars, wantedBytes };
    if (this.spheres?.scale !== scale) this.spheres = tileSpheres(h, scale);
    const { boxes } = this.spheres;
    const planes = frustumPlanes(camera.viewProjection, this.planes);
    const factor = projectionFactor(camera);

    const queue = this.queue;
    queue.clear();
    queue.push(0, Infinity);
    while (queue.size > 0) {
      const tile = queue.pop();
      const isRoot = tile === 0;
      const visible = boxIntersectsFrustum(planes, boxes, tile * 6);
      if (!visible && !isRoot) continue;
      if (failed?.has(tile)) {
        if (visible) this.offerChildren(camera, factor, tile, minPixelRadius);
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
      this.offerChildren(camera, factor, tile, minPixelRadius);
    }

    return { draw, fetch, drawnStars, wantedStars, wantedBytes };
  }

  /** Queues the children of `tile` big enough on screen by importance (sphereImportance, from the kept spheres). */
  private offerChildren(camera: PlannerCamera, factor: number, tile: number, minPixelRadius: number): void {
    const h = this.hierarchy;
    const { centres, radii } = this.spheres as TileSpheres;
    const scored = this.scored;
    const first = h.firstChild[tile];
    const end = first + h.childCount[tile];
    for (let child = first; child < end; child++) {
      this.scoredLastPlan++;
      const c = child * 3;
      sphereImportance(camera, factor, centres[c], centres[c + 1], centres[c + 2], radii[child], scored);
      if (scored.pixelRadius < minPixelRadius) continue;
      this.queue.push(child, scored.importance);
    }
  }
}
