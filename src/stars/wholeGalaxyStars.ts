import { maxDegree } from '../data/graph';
import { robustBoundingBox } from '../geometry/robustBounds';
import { buildOctreeOffThread } from '../picking/buildOctreeOffThread';
import { nearestByScan } from '../picking/hitTest';
import { intersectRay, type FlatOctree } from '../picking/octree';
import type { Ray } from '../picking/ray';
import { visibleLinkIndices } from '../renderer/linkIndices';
import { DEFAULT_STAR_SIZE } from '../renderer/starAttributes';
import type { StarCells } from '../renderer/starCells';
import { starSizes } from '../renderer/starStyle';
import type { PlannerCamera } from '../tiles/planner/importance';
import { MIN_STAR_BUDGET, PLAN_INTERVAL_MS } from '../tiles/planner/budgets';
import { Throttle } from '../timing/throttle';
import { frameQueue } from '../timing/frameQueue';
import { BudgetedCells, starsInCells } from './cellsWithinBudget';
import { capLinkPairs, LINK_PAIR_BUDGET, pairsByFirstSlot, starRanksBySlot, type VisibleSlotLinks } from './drawnLinkPairs';
import { defaultLinkPicker, type DrawnLinkPicker } from './drawnLinkPicker';
import { buildGridCells } from './gridCells';
import { orderSlotsByLinks } from './slotsByLinks';
import type { StarBudgetRange, LinkSettings, StarSource, StarSourceChange } from './starSource';

/** The links a whole galaxy's stars are sized by and joined with (CSR, by star number). */
export interface WholeGalaxyLinks {
  inOffsets: Uint32Array;
  outOffsets: Uint32Array;
  outTargets: Uint32Array;
}

/**
 * A whole galaxy's stars (a classic galaxy, whole or streaming in, or one opened from a file) as a
 * star source: every star resident, sorted into the cells of a grid over them, so that slot k holds
 * star `order[k]` and each cell is one contiguous range of slots. Stars are drawn at the star default
 * size from their positions alone; `setLinks` sizes them by the node size rule, orders each cell's
 * slots most linked star first (a cell thinned to its budget draws its leading slots) and joins them;
 * `indexForPicking` builds the picking index off-thread (picking scans every star until then).
 */
export class WholeGalaxyStars implements StarSource {
  readonly capacity: number;
  readonly starCount: number;
  /** Slot order. */
  readonly positions: Float32Array;
  readonly sizes: Float32Array;
  /** Finest community per slot, once the galaxy's communities are in (setCommunities). */
  communities: Uint32Array | undefined;
  bounds: { min: [number, number, number]; max: [number, number, number] };
  readonly busy = false;
  private cells: StarCells;
  /** Star of each slot, and slot of each star. */
  private order: Uint32Array;
  private slots: Uint32Array;
  private links: WholeGalaxyLinks | undefined;
  /** Finest community per star (communities.bin), kept to follow the stars when they move. */
  private starCommunities: Uint32Array | undefined;
  private index: FlatOctree | undefined;
  private indexBuild: AbortController | undefined;
  private readonly listeners = new Set<(change: StarSourceChange) => void>();
  /** Most stars drawn at once: every star until the scene brings it to the device's opening budget (src/scene/sceneStarBudget.ts). */
  private budgetStars: number;
  private camera: PlannerCamera | undefined;
  /** Choices of the cells within the star budget so far (StarSource.plans). */
  plans = 0;
  /** The cells drawn within a budget smaller than the galaxy, and their stars; undefined draws every cell. */
  private budgeted: { cells: StarCells; stars: number } | undefined;
  /** Chooses the cells within the budget as the camera moves, for these cells (sorting the stars again starts another). */
  private budgetedCells: BudgetedCells | undefined;
  /**
   * Chooses the cells for a moving camera at most every PLAN_INTERVAL_MS, as a tiled galaxy plans:
   * a choice ranks every cell (about 1 ms a move for classic npm on this project's 2-core machine).
   */
  private readonly choosing = new Throttle(PLAN_INTERVAL_MS, () => this.chooseCells(), frameQueue);
  /** Whether the scene last asked for the links shown: a new choice of cells then changes the pairs. */
  private linksShown = false;
  /**
   * The visible links as slot pairs for the link settings of `key` (`ml s`), until the links, the
   * settings or the slots change; `everyDrawn`: the pairs drawn while every star is (all of them,
   * or the link budget's share).
   */
  private visibleLinks: { key: string; visible: VisibleSlotLinks; everyDrawn: Uint32Array } | undefined;
  /** Picks the links between drawn stars within a budget (in a worker in the page). */
  private linkPicker: DrawnLinkPicker | undefined;
  /** The pick asked for last (a later one makes an earlier answer stale), and the last answered. */
  private pickAsked: { visible: VisibleSlotLinks; cells: StarCells; seq: number } | undefined;
  private picked: { visible: VisibleSlotLinks; cells: StarCells; pairs: Uint32Array } | undefined;
  private picks = 0;
  /** The pairs handed to the scene last: kept drawn while a pick is under way. */
  private handedPairs: Uint32Array | undefined;
  /** Pairs whose second star was tested in the last pick of the links between drawn stars (tests and measurements read it). */
  linkPairsTested = 0;

  /**
   * `starPositions`: x, y, z per star number (scale applied); kept, and written to by moveStars.
   * `createLinkPicker`: what picks the links between drawn stars within a budget.
   * `maxLinkPairs`: most link pairs drawn (capLinkPairs).
   */
  constructor(
    readonly starPositions: Float32Array,
    private readonly createLinkPicker: () => DrawnLinkPicker = defaultLinkPicker,
    private readonly maxLinkPairs: number = LINK_PAIR_BUDGET,
  ) {
    this.starCount = this.capacity = Math.floor(starPositions.length / 3);
    this.positions = new Float32Array(this.starCount * 3);
    this.sizes = new Float32Array(this.starCount).fill(DEFAULT_STAR_SIZE);
    this.order = new Uint32Array(0);
    this.slots = new Uint32Array(this.starCount);
    this.cells = { cells: 0, start: new Uint32Array(0), count: new Uint32Array(0), bounds: new Float32Array(0) };
    this.bounds = { min: [0, 0, 0], max: [0, 0, 0] };
    this.budgetStars = this.starCount;
    this.sort();
  }

  get drawnStars(): number {
    return this.budgeted?.stars ?? this.starCount;
  }

  get starBudget(): StarBudgetRange {
    return { stars: this.budgetStars, floor: Math.min(this.starCount, MIN_STAR_BUDGET), ceiling: this.starCount };
  }

  /** Draws the most important cells within `stars` (all of them when the galaxy fits). */
  setStarBudget(stars: number): void {
    const { floor, ceiling } = this.starBudget;
    const next = Math.round(Math.max(floor, Math.min(ceiling, stars)));
    if (next === this.budgetStars) return;
    this.budgetStars = next;
    // The stats line's title says the budget, also when the same cells fit the new one.
    if (!this.chooseCells()) this.emit({ written: [], drawnChanged: false, linksChanged: false });
  }

  get pickingIndexed(): boolean {
    return this.index !== undefined;
  }

  drawnCells(): StarCells {
    return this.budgeted?.cells ?? this.cells;
  }

  starOfSlot(slot: number): number {
    return Number.isInteger(slot) && slot >= 0 && slot < this.starCount ? this.order[slot] : -1;
  }

  slotOfStar(star: number): number {
    return Number.isInteger(star) && star >= 0 && star < this.starCount ? this.slots[star] : -1;
  }

  setCamera(camera: PlannerCamera): void {
    this.camera = camera;
    if (this.budgetStars < this.starCount) this.choosing.ask();
  }

  /** The cells to draw for the camera and the budget; tells the scene when they changed (and says whether they did). */
  private chooseCells(): boolean {
    const before = this.budgeted;
    if (this.budgetStars >= this.starCount || !this.camera) {
      this.budgeted = undefined;
    } else {
      this.plans++;
      if (this.budgetedCells?.all !== this.cells) this.budgetedCells = new BudgetedCells(this.cells);
      const cells = this.budgetedCells.choose(this.camera, this.budgetStars);
      this.budgeted = cells === before?.cells || sameCells(cells, before?.cells) ? before : { cells, stars: starsInCells(cells) };
    }
    if (this.budgeted === before) return false;
    this.emit({ written: [], drawnChanged: true, linksChanged: this.linksShown && this.links !== undefined && this.pickedForDrawnCells() });
    return true;
  }

  /** Sizes by the node size rule and links, once the links are in (the same links again change nothing). */
  setLinks(links: WholeGalaxyLinks, maxInDegree = maxDegree(links.inOffsets)): void {
    if (links.inOffsets === this.links?.inOffsets) return;
    this.links = links;
    this.visibleLinks = undefined;
    const byStar = starSizes(links.inOffsets, maxInDegree);
    // The same cells, their slots re-ordered: everything kept by slot follows, as when stars move.
    orderSlotsByLinks(this.order, this.cells, links.inOffsets);
    this.placeSlots();
    for (let slot = 0; slot < this.starCount; slot++) this.sizes[slot] = byStar[this.order[slot]];
    if (this.starCommunities) this.communities = this.communitiesBySlot(this.starCommunities);
    this.reindex();
    this.emit({ written: [{ start: 0, count: this.starCount }], drawnChanged: true, linksChanged: true });
  }

  /**
   * The galaxy's communities came in (communities.bin: the finest community per star), or went
   * (undefined): each slot takes its star's. The same array again changes nothing.
   */
  setCommunities(byStar: Uint32Array | undefined): void {
    if (byStar === this.starCommunities) return;
    if (byStar && byStar.length !== this.starCount) return;
    this.starCommunities = byStar;
    this.communities = byStar && this.communitiesBySlot(byStar);
    this.emit({ written: [], drawnChanged: false, linksChanged: false, communitiesChanged: true });
  }

  private communitiesBySlot(byStar: Uint32Array): Uint32Array {
    const bySlot = new Uint32Array(this.starCount);
    for (let slot = 0; slot < this.starCount; slot++) bySlot[slot] = byStar[this.order[slot]];
    return bySlot;
  }

  /**
   * The visible links as slot pairs: every one while every star is drawn, else those between drawn
   * stars (a tiled galaxy's rule, src/stars/drawnLinkPairs.ts), picked again when the drawn cells
   * change; while a pick is under way (in a worker) the pairs handed out before stay, and its answer
   * says the links changed. At most `maxLinkPairs` either way, the most important stars' (capLinkPairs).
   */
  linkPairs({ showLinks, maxVisibleDistance, scale }: LinkSettings): Uint32Array | undefined {
    this.linksShown = showLinks;
    const links = this.links;
    if (!showLinks || !links) return (this.handedPairs = undefined);
    const key = `${maxVisibleDistance} ${scale}`;
    if (this.visibleLinks?.key !== key) this.visibleLinks = this.visibleSlotLinks(key, links, maxVisibleDistance, scale);
    const visible = this.visibleLinks.visible;
    if (!this.budgeted) {
      this.pickAsked = undefined;
      return (this.handedPairs = this.visibleLinks.everyDrawn);
    }
    const cells = this.budgeted.cells;
    const asked = this.pickAsked;
    if (asked?.visible !== visible || asked.cells !== cells) this.askPick(visible, cells);
    if (this.picked?.visible === visible && this.picked.cells === cells) this.handedPairs = this.picked.pairs;
    return this.handedPairs;
  }

  private visibleSlotLinks(key: string, links: WholeGalaxyLinks, maxVisibleDistance: number, scale: number): NonNullable<WholeGalaxyStars['visibleLinks']> {
    const pairs = visibleLinkIndices(this.starPositions, links.outOffsets, links.outTargets, maxVisibleDistance, scale);
    for (let i = 0; i < pairs.length; i++) pairs[i] = this.slots[pairs[i]];
    const over = pairs.length / 2 > this.maxLinkPairs;
    const ranks = over ? starRanksBySlot(this.order, links.inOffsets) : undefined;
    const visible: VisibleSlotLinks = { pairs, all: this.cells, slotCount: this.starCount, maxPairs: this.maxLinkPairs, ranks };
    // Over the budget, listed by first slot as a pick lists them: ties fall alike either way.
    const everyDrawn = ranks ? capLinkPairs(pairsByFirstSlot(pairs, this.cells, this.starCount).pairs, ranks, this.maxLinkPairs) : pairs;
    return { key, visible, everyDrawn };
  }

  /**
   * Asks for the links between the newly drawn stars, where the links were asked for before; says
   * whether the pairs to hand out are known now (every visible link, or a pick answered at once):
   * else the pick's answer says the links changed, and the scene keeps the pairs it draws meanwhile.
   */
  private pickedForDrawnCells(): boolean {
    const visible = this.visibleLinks?.visible;
    if (!this.budgeted || !visible) return true;
    const cells = this.budgeted.cells;
    this.askPick(visible, cells);
    return this.picked?.visible === visible && this.picked.cells === cells;
  }

  private askPick(visible: VisibleSlotLinks, cells: StarCells): void {
    const seq = ++this.picks;
    this.pickAsked = { visible, cells, seq };
    this.linkPicker ??= this.createLinkPicker();
    let answeredAtOnce = true;
    this.linkPicker.pick(visible, cells, ({ pairs, tested }) => {
      if (this.pickAsked?.seq !== seq) return;
      this.picked = { visible, cells, pairs };
      this.linkPairsTested = tested;
      if (!answeredAtOnce) this.emit({ written: [], drawnChanged: false, linksChanged: true });
    });
    answeredAtOnce = false;
  }

  /**
   * Builds the picking index in a worker. Asked for once the whole graph is in: while links and
   * labels still decode, the build would compete with them for the same cores.
   */
  indexForPicking(buildIndex: (points: Float32Array, signal: AbortSignal) => Promise<FlatOctree> = buildOctreeOffThread): void {
    if (this.indexBuild || this.starCount === 0) return;
    const build = new AbortController();
    this.indexBuild = build;
    buildIndex(this.positions, build.signal).then(
      (tree) => {
        if (!build.signal.aborted) this.index = tree;
      },
      (error: unknown) => {
        if (!build.signal.aborted) console.warn('Spatial index not built; picking checks every star instead.', error);
      },
    );
  }

  nearestStar(ray: Ray, threshold: number): number | undefined {
    const slot = this.index ? intersectRay(this.index, this.positions, ray, threshold) : nearestByScan(this.positions, ray, threshold);
    return slot === undefined ? undefined : this.order[slot];
  }

  async locate(star: number): Promise<[number, number, number] | undefined> {
    const slot = this.slotOfStar(star);
    if (slot < 0) return undefined;
    return [this.positions[slot * 3], this.positions[slot * 3 + 1], this.positions[slot * 3 + 2]];
  }

  /**
   * New places for the same stars, as a layout running in the browser settles: the stars are sorted
   * into cells again, and everything kept by slot follows; the picking index is built again.
   */
  moveStars(positions: Float32Array): void {
    if (positions.length !== this.starPositions.length) return;
    this.starPositions.set(positions);
    const byStar = new Float32Array(this.starCount);
    for (let slot = 0; slot < this.starCount; slot++) byStar[this.order[slot]] = this.sizes[slot];
    this.sort();
    this.visibleLinks = undefined;
    this.budgeted = undefined;
    if (this.budgetStars < this.starCount) this.chooseCells();
    for (let slot = 0; slot < this.starCount; slot++) this.sizes[slot] = byStar[this.order[slot]];
    if (this.starCommunities) this.communities = this.communitiesBySlot(this.starCommunities);
    this.reindex();
    this.emit({ written: [{ start: 0, count: this.starCount }], drawnChanged: true, linksChanged: true, boundsChanged: true });
  }

  onChange(listener: (change: StarSourceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops building the picking index (the galaxy is no longer shown). */
  dispose(): void {
    this.choosing.cancel();
    this.stopIndexing();
    this.linkPicker?.dispose();
    this.pickAsked = undefined;
    this.listeners.clear();
  }

  /** The slots hold other stars: the picking index, built over slots, is built again if it was asked for. */
  private reindex(): void {
    const rebuild = this.indexBuild !== undefined;
    this.stopIndexing();
    if (rebuild) this.indexForPicking();
  }

  private stopIndexing(): void {
    this.indexBuild?.abort();
    this.indexBuild = undefined;
    this.index = undefined;
  }

  /** Sorts the stars into grid cells (most linked first in each, once the links are in): slot order, its inverse, positions by slot and the bounds. */
  private sort(): void {
    const grid = buildGridCells(this.starPositions);
    if (this.links) orderSlotsByLinks(grid.order, grid, this.links.inOffsets);
    this.order = grid.order;
    this.cells = grid;
    this.placeSlots();
    if (this.starCount === 0) return;
    const box = robustBoundingBox(this.starPositions, this.starCount);
    this.bounds = { min: [box.minX, box.minY, box.minZ], max: [box.maxX, box.maxY, box.maxZ] };
  }

  /** The slot of each star and the positions by slot, from the slot order. */
  private placeSlots(): void {
    const { order, positions, starPositions, slots } = this;
    for (let slot = 0; slot < order.length; slot++) {
      const star = order[slot];
      slots[star] = slot;
      positions[slot * 3] = starPositions[star * 3];
      positions[slot * 3 + 1] = starPositions[star * 3 + 1];
      positions[slot * 3 + 2] = starPositions[star * 3 + 2];
    }
  }

  private emit(change: StarSourceChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}

function sameCells(a: StarCells, b: StarCells | undefined): boolean {
  if (!b || a.cells !== b.cells) return false;
  for (let i = 0; i < a.cells; i++) if (a.start[i] !== b.start[i] || a.count[i] !== b.count[i]) return false;
  return true;
}
