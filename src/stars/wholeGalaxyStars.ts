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
import { buildGridCells } from './gridCells';
import type { StarLinkSettings, StarSource, StarSourceChange } from './starSource';

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
 * size from their positions alone; `setLinks` sizes them by the node size rule and joins them;
 * `indexForPicking` builds the picking index off-thread (picking scans every star until then).
 */
export class WholeGalaxyStars implements StarSource {
  readonly capacity: number;
  readonly totalStars: number;
  /** Slot order. */
  readonly positions: Float32Array;
  readonly sizes: Float32Array;
  bounds: { min: [number, number, number]; max: [number, number, number] };
  readonly busy = false;
  private cells: StarCells;
  /** Star of each slot, and slot of each star. */
  private order: Uint32Array;
  private slots: Uint32Array;
  private links: WholeGalaxyLinks | undefined;
  private index: FlatOctree | undefined;
  private indexBuild: AbortController | undefined;
  private readonly listeners = new Set<(change: StarSourceChange) => void>();
  /** Finest community per star (communities.bin), kept to lay out `communities` by slot again after a sort. */
  private communitiesByStar: Uint32Array | undefined;
  /** Finest community per slot (StarSource.communities); undefined for a galaxy without communities. */
  communities: Uint32Array | undefined;

  /** `starPositions`: x, y, z per star number (scale applied); kept, and written to by moveStars. */
  constructor(readonly starPositions: Float32Array) {
    this.totalStars = this.capacity = Math.floor(starPositions.length / 3);
    this.positions = new Float32Array(this.totalStars * 3);
    this.sizes = new Float32Array(this.totalStars).fill(DEFAULT_STAR_SIZE);
    this.order = new Uint32Array(0);
    this.slots = new Uint32Array(this.totalStars);
    this.cells = { cells: 0, start: new Uint32Array(0), count: new Uint32Array(0), bounds: new Float32Array(0) };
    this.bounds = { min: [0, 0, 0], max: [0, 0, 0] };
    this.sort();
  }

  get drawnStars(): number {
    return this.totalStars;
  }

  get pickingIndexed(): boolean {
    return this.index !== undefined;
  }

  drawnCells(): StarCells {
    return this.cells;
  }

  starOfSlot(slot: number): number {
    return Number.isInteger(slot) && slot >= 0 && slot < this.totalStars ? this.order[slot] : -1;
  }

  slotOfStar(star: number): number {
    return Number.isInteger(star) && star >= 0 && star < this.totalStars ? this.slots[star] : -1;
  }

  setCamera(): void {}

  /** Sizes by the node size rule and links, once the links are in (the same links again change nothing). */
  setLinks(links: WholeGalaxyLinks, maxInDegree = maxDegree(links.inOffsets)): void {
    if (links.inOffsets === this.links?.inOffsets) return;
    this.links = links;
    const bySlot = starSizes(links.inOffsets, maxInDegree);
    for (let slot = 0; slot < this.totalStars; slot++) this.sizes[slot] = bySlot[this.order[slot]];
    this.emit({ written: [{ start: 0, count: this.totalStars }], drawnChanged: false, linksChanged: true });
  }

  linkPairs({ showLinks, maxVisibleDistance, scale }: StarLinkSettings): Uint32Array | undefined {
    const links = this.links;
    if (!showLinks || !links) return undefined;
    const pairs = visibleLinkIndices(this.starPositions, links.outOffsets, links.outTargets, maxVisibleDistance, scale);
    for (let i = 0; i < pairs.length; i++) pairs[i] = this.slots[pairs[i]];
    return pairs;
  }

  /**
   * Builds the picking index in a worker. Asked for once the whole graph is in: while links and
   * labels still decode, the build would compete with them for the same cores.
   */
  indexForPicking(buildIndex: (points: Float32Array, signal: AbortSignal) => Promise<FlatOctree> = buildOctreeOffThread): void {
    if (this.indexBuild || this.totalStars === 0) return;
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
    const byStar = new Float32Array(this.totalStars);
    for (let slot = 0; slot < this.totalStars; slot++) byStar[this.order[slot]] = this.sizes[slot];
    this.sort();
    for (let slot = 0; slot < this.totalStars; slot++) this.sizes[slot] = byStar[this.order[slot]];
    this.slotCommunities();
    const rebuild = this.indexBuild !== undefined;
    this.stopIndexing();
    if (rebuild) this.indexForPicking();
    this.emit({ written: [{ start: 0, count: this.totalStars }], drawnChanged: true, linksChanged: true, boundsChanged: true });
  }

  /** The galaxy's finest community per star (communities.bin), or undefined to have none; the same array again changes nothing. */
  setCommunities(byStar: Uint32Array | undefined): void {
    if (byStar === this.communitiesByStar) return;
    this.communitiesByStar = byStar && byStar.length === this.totalStars ? byStar : undefined;
    this.communities = this.communitiesByStar ? new Uint32Array(this.totalStars) : undefined;
    this.slotCommunities();
    this.emit({ written: [], drawnChanged: false, linksChanged: false, communitiesChanged: true });
  }

  private slotCommunities(): void {
    const { communities, communitiesByStar, order } = this;
    if (!communities || !communitiesByStar) return;
    for (let slot = 0; slot < order.length; slot++) communities[slot] = communitiesByStar[order[slot]];
  }

  onChange(listener: (change: StarSourceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops building the picking index (the galaxy is no longer shown). */
  dispose(): void {
    this.stopIndexing();
    this.listeners.clear();
  }

  private stopIndexing(): void {
    this.indexBuild?.abort();
    this.indexBuild = undefined;
    this.index = undefined;
  }

  /** Sorts the stars into grid cells: slot order, its inverse, positions by slot and the bounds. */
  private sort(): void {
    const grid = buildGridCells(this.starPositions);
    this.order = grid.order;
    this.cells = grid;
    const { order, positions, starPositions, slots } = this;
    for (let slot = 0; slot < order.length; slot++) {
      const star = order[slot];
      slots[star] = slot;
      positions[slot * 3] = starPositions[star * 3];
      positions[slot * 3 + 1] = starPositions[star * 3 + 1];
      positions[slot * 3 + 2] = starPositions[star * 3 + 2];
    }
    if (this.totalStars === 0) return;
    const box = robustBoundingBox(starPositions, this.totalStars);
    this.bounds = { min: [box.minX, box.minY, box.minZ], max: [box.maxX, box.maxY, box.maxZ] };
  }

  private emit(change: StarSourceChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}
