import { tileFirstStars } from '../format/hierarchyCodec';
import { describeTileRegion } from '../format/region';
import { decodedTileBuffer, type DecodedTile } from '../format/tileCodec';
import { errorMessage, isStalled, TileDataError } from '../format/tileError';
import type { PlannerCamera } from '../planner/importance';
import { BYTES_PER_STREAMED_STAR, budgetWithStars, MAX_STAR_BUDGET, PLAN_INTERVAL_MS } from '../planner/budgets';
import { StreamingPlanner, type StreamingBudget, type TileLookup, type TilePlan } from '../planner/streamingPlanner';
import { TileFetchScheduler } from '../planner/tileFetchScheduler';
import { scaledBox } from '../../renderer/camera';
import type { ChangeBatcher } from './changeBatcher';
import type { HeldParts } from './heldParts';
import { SlotPool } from './slotPool';
import { hiddenStarsByOctant, standInFootprints, subtreeStars } from './standInFootprints';
import { FootprintFade } from './footprintFade';
import { StallRetries } from './stallRetries';
import type { TileAdjacency } from './tileAdjacency';
import { TiledLinks } from './tiledLinkPairs';
import type { TileSource } from './tileSource';
import type { StarCells } from '../../renderer/starCells';
import { nearestInCells } from '../../picking/nearestInCells';
import { Throttle } from '../../timing/throttle';
import { frameQueue } from '../../timing/frameQueue';
import type { Ray } from '../../picking/ray';
import type { StarBudgetRange, LinkPairsChange, LinkSettings, LinkWork, StarSource, StarSourceChange } from '../../stars/starSource';

/** Tile requests in flight at once: enough to fill an HTTP/2 connection with 30-40 KB files, few enough to cancel quickly when the camera turns. */
export const TILES_IN_FLIGHT = 6;
/**
 * Tiles' out-links asked for at once, most important first: links refine tile by tile.
 * Consecutive tiles mostly share a shard, fetched once for them all.
 */
export const LINK_TILES_IN_FLIGHT = 16;
/** Links stop asking for more tiles' out-links once the drawn tiles' fill this share of what may be held, so they never evict their own. */
const LINK_SHARE_OF_OUT_LINKS = 0.75;

export interface TiledStarStreamOptions {
  source: TileSource;
  scale: number;
  budget: StreamingBudget;
  changes: ChangeBatcher;
  /** The galaxy's adjacency, by tile (shared with the catalog's degrees and neighbours). */
  adjacency: TileAdjacency;
  /** The galaxy's one eviction path: placed tiles are held there against the drawn stars' bytes of the holding budget. */
  holding: HeldParts;
  /** A tile could not be read: the message names its region. */
  onMissing(tile: number, message: string): void;
  /** A tile arrived (after a failure too). */
  onArrived?(tile: number): void;
  /** Given, a tile that stalled is asked for again after a backoff from this limit (StallRetries). */
  stallLimitMs?: number;
  maxLinkPairs?: number;
}

/** The scheduler's cache holds a tile only until the pool has copied it and handed its buffer back. */
interface ArrivedTile {
  decoded: DecodedTile | undefined;
}

/** footprintsFor's mark of a tile whose footprints are not written for the tiles drawn now (a tile has at most 8 children). */
const NOT_WRITTEN = 0xffff;

function sameTiles(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((tile, i) => tile === b[i]);
}

/**
 * The stars of a tiled galaxy as the scene draws them (StarSource): plans from the camera within
 * the budget, fetches the planned tiles through the scheduler, copies arrived tiles into the slot
 * pool and frees the ones given up, and tells the scene what changed, batched.
 */
export class TiledStarStream implements StarSource {
  readonly starCount: number;
  readonly bounds: { min: [number, number, number]; max: [number, number, number] };
  private readonly pool: SlotPool;
  private readonly planner: StreamingPlanner;
  private readonly scheduler: TileFetchScheduler<ArrivedTile>;
  private readonly firstStars: Uint32Array;
  private readonly isDrawn: Uint8Array;
  /** Tiles the last plan wants (drawn or to fetch): never let go. */
  private readonly isWanted: Uint8Array;
  private wanted: readonly (readonly number[])[] = [];
  /** The scheduler's version when the last plan was applied: with the same plan again, nothing would change. */
  private appliedAt = -1;
  /** The drawn tiles least important first, for the holding (kept: rewritten by every plan that changes them). */
  private readonly drawnLeastFirst: number[] = [];
  private readonly changes: ChangeBatcher;
  private camera: PlannerCamera | undefined;
  private plan: TilePlan | undefined;
  private drawn: number[] = [];
  private cells: StarCells | undefined;
  /**
   * Plans at most every PLAN_INTERVAL_MS (a plan walks the tile tree, ~1 ms for 10k tiles), in the asking
   * move's own task while the camera keeps moving; a sooner ask (a tile's arrival) plans in the first
   * frame's task once due, and still gets one with the camera at rest (the plan asks that frame).
   */
  private readonly planning = new Throttle(PLAN_INTERVAL_MS, () => this.replan(), frameQueue);
  /** The scheduler's held and failed tiles as the planner asks them, one tile at a time: a plan copies neither. */
  private readonly loadedLookup: TileLookup = { has: (tile) => this.scheduler.has(tile) };
  private readonly failedLookup: TileLookup = { has: (tile) => this.scheduler.hasFailed(tile) };
  /** Runs of the planner so far (StarSource.plans). */
  plans = 0;
  private reportedBusy = true;
  private linksShown = false;
  private readonly links: TiledLinks;
  private linkPairsNow: { key: string; pairs: Uint32Array } | undefined;
  /** StarSource.linkPairsChange. */
  linkPairsChange: LinkPairsChange | undefined;
  private locatedTile: DecodedTile | undefined;
  private disposed = false;
  private rootWaiter: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  private readonly stallRetries: StallRetries<number> | undefined;
  /** The star and holding budgets planned for now: the opening one, then what the frame budget set. */
  private budget: StreamingBudget;
  private readonly largestTile: number;
  /** Stars in each tile's subtree, for the stand-in footprints. */
  private readonly subtree: Float64Array;
  /** Which children of a drawn tile were not drawn when its footprints were written (bit per child); NOT_WRITTEN when they must be written again. */
  private readonly footprintsFor: Uint16Array;
  /** The footprints as drawn while a refinement blends in. */
  private readonly fade: FootprintFade;

  constructor(private readonly options: TiledStarStreamOptions) {
    const { source, budget, scale, stallLimitMs } = options;
    this.stallRetries =
      stallLimitMs === undefined
        ? undefined
        : new StallRetries(stallLimitMs, (tile) => {
            this.scheduler.retry(tile);
            this.requestPlan();
          });
    const h = source.hierarchy;
    this.changes = options.changes;
    this.firstStars = tileFirstStars(h);
    let largestTile = 0;
    for (let t = 0; t < h.tileCount; t++) largestTile = Math.max(largestTile, h.starCount[t]);
    this.largestTile = largestTile;
    this.budget = budget;
    this.starCount = h.totalStars;
    this.pool = new SlotPool(this.slotsFor(budget.stars), this.firstStars, source.index.maxInDegree, scale);
    this.planner = new StreamingPlanner(h);
    this.isDrawn = new Uint8Array(h.tileCount);
    this.isWanted = new Uint8Array(h.tileCount);
    options.holding.setStarBytes(budget.bytes);
    this.subtree = subtreeStars(h);
    this.footprintsFor = new Uint16Array(h.tileCount).fill(NOT_WRITTEN);
    this.fade = new FootprintFade();
    this.links = new TiledLinks(this.pool, this.firstStars, options.maxLinkPairs);
    this.bounds = scaledBox(source.index.bounds, scale);
    this.scheduler = new TileFetchScheduler<ArrivedTile>({
      fetchTile: async (tile, signal) => ({ decoded: await source.tile(tile, signal) }),
      maxInFlight: TILES_IN_FLIGHT,
      sizeOf: (tile) => h.byteSize[tile],
      onLoaded: (tile) => this.arrived(tile),
      onFailed: (tile, error) => {
        const message = error instanceof TileDataError ? error.message : `${describeTileRegion(h, tile)}: ${errorMessage(error)}`;
        if (tile === 0) this.rootWaiter?.reject(new TileDataError(message, tile, isStalled(error)));
        if (isStalled(error)) this.stallRetries?.stalled(tile);
        this.options.onMissing(tile, message);
      },
    });
  }

  /** Slots in the pool: the star budget and room for one more tile to arrive while the drawn ones fill it. */
  /** Counted link upkeep (StarSource.linkWork). */
  get linkWork(): LinkWork {
    return this.links.work;
  }

  get capacity(): number {
    return this.pool.capacity;
  }

  get positions(): Float32Array {
    return this.pool.positions;
  }

  get starBudget(): StarBudgetRange {
    const rootStars = this.options.source.hierarchy.starCount[0] ?? 0;
    // What the opening holding budget holds (an eighth of the device's memory by default) caps it too.
    const byMemory = Math.max(this.options.budget.stars, Math.floor(this.options.budget.bytes / BYTES_PER_STREAMED_STAR));
    return { stars: this.budget.stars, floor: Math.min(this.starCount, rootStars), ceiling: Math.min(this.starCount, MAX_STAR_BUDGET, byMemory) };
  }

  /**
   * Plans for `stars` from now on (the holding budget follows, as for `budget=`); a budget larger than
   * the pool grows it, and the scene uploads the larger columns. A smaller one draws fewer tiles at
   * once; the pool keeps its slots, and the tiles no longer wanted are freed as new ones need room.
   */
  setStarBudget(stars: number): void {
    const range = this.starBudget;
    const next = Math.round(Math.max(range.floor, Math.min(range.ceiling, stars)));
    if (next === this.budget.stars) return;
    this.budget = { stars: next, bytes: Math.max(this.options.budget.bytes, budgetWithStars(this.options.budget, next).bytes) };
    this.options.holding.setStarBytes(this.budget.bytes);
    if (this.pool.grow(this.slotsFor(next))) {
      this.fade.grow(this.pool.capacity);
      this.cells = undefined;
      this.changes.resized();
      this.changes.drawn();
      this.linksOutdated();
    }
    this.requestPlan();
  }

  private slotsFor(stars: number): number {
    return Math.min(this.starCount, stars + this.largestTile);
  }

  /** Picking tests the drawn tiles' boxes: no index to wait for. */
  readonly pickingIndexed = true;

  nearestStar(ray: Ray, threshold: number): number | undefined {
    const slot = nearestInCells(this.drawnCells(), this.positions, ray, threshold);
    const star = slot === undefined ? -1 : this.starOfSlot(slot);
    return star >= 0 ? star : undefined;
  }

  get sizes(): Float32Array {
    return this.pool.sizes;
  }

  /** Diameter factor per slot: a drawn tile's stars stand in for the stars of its children not drawn (docs/tiles.md#stand-in-stars). */
  get footprints(): Float32Array {
    return this.fade.shownOf(this.pool.footprints);
  }

  /** Finest community per slot (StarSource.communities); undefined for a galaxy whose tiles carry none. */
  get communities(): Uint32Array | undefined {
    return this.options.source.index.communities === undefined ? undefined : this.pool.communities;
  }

  /** The finest community of a resident star; undefined when its tile is not resident or carries none. */
  communityOfStar(star: number): number | undefined {
    return this.pool.communityOfStar(star);
  }

  /** Degrees of the resident star a slot holds. */
  inDegreeOfSlot(slot: number): number {
    return this.pool.inDegreeOfSlot(slot);
  }

  outDegreeOfSlot(slot: number): number {
    return this.pool.outDegreeOfSlot(slot);
  }

  get drawnStars(): number {
    let stars = 0;
    for (const tile of this.drawn) stars += this.pool.starsOfTile(tile);
    return stars;
  }

  /** Tiles drawn now, most important first. */
  get drawnTiles(): readonly number[] {
    return this.drawn;
  }

  get residentTiles(): number[] {
    return this.pool.residentTiles();
  }

  get residentStars(): number {
    return this.pool.residentStarCount;
  }

  /** The last plan (for the stats line: drawnStars of starCount). */
  get lastPlan(): TilePlan | undefined {
    return this.plan;
  }

  /** Whether tiles are still on their way or a plan is waiting. */
  get busy(): boolean {
    return this.planning.pending || this.scheduler.pendingCount > 0;
  }

  /** Fetches and places the root tile: the first frame draws it whatever the camera. */
  loadRoot(): Promise<void> {
    if (this.pool.isResident(0)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.rootWaiter = { resolve, reject };
      this.scheduler.update({ fetch: [0] });
    });
  }

  failedTiles(): number[] {
    return this.scheduler.failedTiles;
  }

  /** Asks for the failed tiles again. */
  retryFailed(): void {
    for (const tile of this.scheduler.failedTiles) this.scheduler.retry(tile);
    this.requestPlan();
  }

  slotOfStar(star: number): number {
    return this.pool.slotOfStar(star);
  }

  starOfSlot(slot: number): number {
    return this.pool.starOfSlot(slot);
  }

  drawnCells(): StarCells {
    if (this.cells) return this.cells;
    const h = this.options.source.hierarchy;
    const scale = this.options.scale;
    const cells = this.drawn.length;
    const start = new Uint32Array(cells);
    const count = new Uint32Array(cells);
    const bounds = new Float32Array(cells * 6);
    this.drawn.forEach((tile, i) => {
      start[i] = this.pool.firstSlotOf(tile);
      count[i] = this.pool.starsOfTile(tile);
      for (let axis = 0; axis < 3; axis++) {
        const a = h.boxes[tile * 6 + axis] * scale;
        const b = h.boxes[tile * 6 + 3 + axis] * scale;
        bounds[i * 6 + axis] = Math.min(a, b);
        bounds[i * 6 + 3 + axis] = Math.max(a, b);
      }
    });
    this.cells = { cells, start, count, bounds };
    return this.cells;
  }

  setCamera(camera: PlannerCamera): void {
    this.camera = camera;
    this.requestPlan();
  }

  linkPairs(settings: LinkSettings): Uint32Array | undefined {
    this.linksShown = settings.showLinks;
    if (!settings.showLinks) return undefined;
    const key = `${settings.maxVisibleDistance} ${settings.scale}`;
    if (this.linkPairsNow?.key === key) return this.linkPairsNow.pairs;
    const { adjacency } = this.options;
    const result = this.links.update({ drawnTiles: this.drawn, isDrawn: this.isDrawn, outLinks: (tile) => adjacency.peekOutLinks(tile), settings });
    for (const tile of result.missingTiles) {
      if (adjacency.outLinksInFlight >= LINK_TILES_IN_FLIGHT || result.outLinkBytes >= adjacency.maxOutLinkBytes * LINK_SHARE_OF_OUT_LINKS) break;
      adjacency.requestOutLinks(tile);
    }
    this.linkPairsNow = { key, pairs: result.pairs };
    this.linkPairsChange = { pairs: result.pairs, version: result.version, changed: result.changed };
    return result.pairs;
  }

  /** A tile's adjacency arrived: links may have more pairs. */
  adjacencyArrived(): void {
    this.linksOutdated();
  }

  onChange(listener: (change: StarSourceChange) => void): () => void {
    return this.changes.onStars(listener);
  }

  async locate(star: number, signal?: AbortSignal): Promise<[number, number, number] | undefined> {
    if (!(Number.isInteger(star) && star >= 0 && star < this.starCount)) return undefined;
    const slot = this.pool.slotOfStar(star);
    if (slot >= 0) {
      const p = this.pool.positions;
      return [p[slot * 3], p[slot * 3 + 1], p[slot * 3 + 2]];
    }
    const tile = this.pool.tileOfStar(star);
    if (this.locatedTile?.tile !== tile) this.locatedTile = await this.options.source.tile(tile, signal);
    const { positions, firstStar } = this.locatedTile;
    const at = (star - firstStar) * 3;
    const s = this.options.scale;
    return [positions[at] * s, positions[at + 1] * s, positions[at + 2] * s];
  }

  dispose(): void {
    this.disposed = true;
    this.stallRetries?.dispose();
    this.planning.cancel();
    frameQueue.remove(this.fadeStep);
    this.scheduler.dispose();
    this.rootWaiter?.reject(new DOMException('The tiled galaxy was closed', 'AbortError'));
  }

  private requestPlan(): void {
    if (this.disposed || !this.camera) return;
    this.planning.ask();
  }

  private replan(): void {
    const camera = this.camera;
    if (this.disposed || !camera) return;
    this.plans++;
    const { budget } = this;
    const { scale } = this.options;
    const plan = this.planner.plan({ camera, budget, loaded: this.loadedLookup, failed: this.failedLookup, scale });
    const last = this.plan;
    this.plan = plan;
    // The same wishes as the last plan's, with nothing held, fetched or failed since: the fetches,
    // the drawn tiles and the holding's order are as that plan left them (a flight mostly moves the
    // camera less than changes a tile's turn).
    if (last && this.appliedAt === this.scheduler.version && sameTiles(plan.draw, last.draw) && sameTiles(plan.fetch, last.fetch)) {
      this.noteBusy();
      return;
    }
    this.scheduler.update(plan);
    this.setWanted(plan.draw, plan.fetch);
    this.setDrawn(this.allResident(plan.draw) ? plan.draw : plan.draw.filter((tile) => this.pool.isResident(tile)));
    // The drawn tiles become the most recently wanted, least important first; beyond the drawn stars' bytes (with those on their way) the tiles given up longest ago go.
    const leastFirst = this.drawnLeastFirst;
    leastFirst.length = 0;
    for (let i = plan.draw.length - 1; i >= 0; i--) leastFirst.push(plan.draw[i]);
    this.options.holding.wanted(leastFirst, this.scheduler.inFlightBytes);
    this.appliedAt = this.scheduler.version;
    this.noteBusy();
  }

  /** Tells the listeners when streaming stops or starts again, so that the stats line follows. */
  private noteBusy(): void {
    const busy = this.busy;
    if (busy === this.reportedBusy) return;
    this.reportedBusy = busy;
    this.changes.settled();
  }

  private setWanted(...lists: (readonly number[])[]): void {
    for (const list of this.wanted) for (const tile of list) this.isWanted[tile] = 0;
    for (const list of lists) for (const tile of list) this.isWanted[tile] = 1;
    this.wanted = lists;
  }

  private allResident(tiles: readonly number[]): boolean {
    for (const tile of tiles) if (!this.pool.isResident(tile)) return false;
    return true;
  }

  /** Whether a placed tile must stay: drawn, wanted by the last plan, or any tile before the first plan (the root alone is drawn then). */
  private kept(tile: number): boolean {
    return !this.plan || this.isDrawn[tile] === 1 || this.isWanted[tile] === 1;
  }

  private setDrawn(draw: number[]): void {
    if (sameTiles(draw, this.drawn)) return;
    const wasDrawn = this.isDrawn.slice();
    for (const tile of this.drawn) this.isDrawn[tile] = 0;
    for (const tile of draw) this.isDrawn[tile] = 1;
    // A tile drawn again later grows in again.
    for (const tile of this.drawn) if (!this.isDrawn[tile]) this.footprintsFor[tile] = NOT_WRITTEN;
    this.drawn = draw;
    this.writeFootprints(wasDrawn);
    this.cells = undefined;
    this.changes.drawn();
    this.linksOutdated();
  }

  /**
   * Rewrites the footprints of the drawn tiles whose children not drawn changed, fading to them: a
   * tile that refines a drawn parent grows in from nothing while the parent's stand-ins shrink; a
   * tile drawn with no drawn parent before it (the root, a first plan) shows at once.
   */
  private writeFootprints(wasDrawn: Uint8Array): void {
    const h = this.options.source.hierarchy;
    const scale = this.options.scale;
    const box = new Float32Array(6);
    const now = performance.now();
    for (const tile of this.drawn) {
      let undrawn = 0;
      for (let k = 0; k < h.childCount[tile]; k++) if (!this.isDrawn[h.firstChild[tile] + k]) undrawn |= 1 << k;
      if (this.footprintsFor[tile] === undrawn) continue;
      this.footprintsFor[tile] = undrawn;
      const range = this.pool.rangeOf(tile);
      if (!range) continue;
      for (let k = 0; k < 6; k++) box[k] = h.boxes[tile * 6 + k] * scale;
      const parent = h.parent[tile];
      const fadesFrom = wasDrawn[tile] ? 'drawn' : parent >= 0 && wasDrawn[parent] ? 'zero' : undefined;
      if (fadesFrom) this.fade.hold(this.pool.footprints);
      standInFootprints(this.pool.positions, range.count, box, hiddenStarsByOctant(h, tile, this.subtree, this.isDrawn), this.pool.footprints, range.start);
      if (fadesFrom) this.fade.start(range, fadesFrom === 'zero', now, this.pool.footprints);
      else this.fade.settle(this.pool.footprints, range);
      this.changes.footprints(range);
    }
    if (this.fade.running) this.fadeSoon();
  }

  /** One step of the fades at the next frame, and the next while they run: frames only while a refinement blends in. */
  private fadeSoon(): void {
    if (!this.disposed) frameQueue.add(this.fadeStep);
  }

  private readonly fadeStep = (now: number) => {
    for (const range of this.fade.step(this.pool.footprints, now)) this.changes.footprints(range);
    if (this.fade.running) this.fadeSoon();
  };

  private linksOutdated(): void {
    this.linkPairsNow = undefined;
    if (this.linksShown) this.changes.links();
  }

  private arrived(tile: number): void {
    const held = this.scheduler.get(tile);
    const decoded = held?.decoded;
    if (!held || !decoded) return;
    held.decoded = undefined;
    this.footprintsFor[tile] = NOT_WRITTEN;
    let range = this.pool.place(decoded);
    if (!range) {
      this.makeRoom(decoded.count, tile);
      range = this.pool.place(decoded);
    }
    // The pool holds the only copy: the tile's buffer goes back to the source for the next tile.
    this.options.source.recycle(decodedTileBuffer(decoded));
    if (!range) {
      this.scheduler.forget(tile);
      return;
    }
    this.options.holding.holdTile(
      tile,
      this.options.source.hierarchy.byteSize[tile],
      () => {
        this.free(tile);
        this.scheduler.forget(tile);
      },
      () => this.kept(tile),
    );
    this.fade.settle(this.pool.footprints, range);
    this.changes.wrote(range);
    this.stallRetries?.arrived(tile);
    this.options.onArrived?.(tile);
    // Before the first camera the root alone is drawn, so that the first frame is not empty.
    if (tile === 0 && !this.plan) this.setDrawn([0]);
    if (tile === 0) this.rootWaiter?.resolve();
    this.requestPlan();
  }

  /** Lets tiles go on the one eviction path (least recently wanted first, never a kept one), then closes gaps, until `count` slots in a row are free. */
  private makeRoom(count: number, arriving: number): void {
    if (this.options.holding.makeRoom(() => this.pool.fits(count), arriving) || this.pool.freeSlots < count) return;
    for (const range of this.pool.compact()) this.changes.wrote(range);
    this.fade.settle(this.pool.footprints, 'all');
    this.cells = undefined;
    this.changes.drawn();
    this.linksOutdated();
  }

  private free(tile: number): void {
    const range = this.pool.free(tile);
    if (!range) return;
    this.fade.settle(this.pool.footprints, range);
    this.changes.wrote(range);
    if (this.isDrawn[tile]) {
      this.setDrawn(this.drawn.filter((t) => t !== tile));
    }
  }
}
