import { writeTileStars } from './tileStarAttributes';
import { rangeOfStar } from '../format/hierarchyCodec';
import type { DecodedTile } from '../format/tileCodec';
import { SlotAllocator } from './slotAllocator';
import { DegreeColumn } from './degreeColumn';
import { NO_COMMUNITY } from '../../constellations/constellations';
import type { SlotRange } from '../../stars/starSource';

/**
 * The resident stars of a tiled galaxy, as the scene uploads them: every resident tile holds one
 * contiguous range of slots (positions in world coordinates, sizes by the node size rule, star
 * and degrees per slot, two bytes each: DegreeColumn). Nothing here is the size of the whole galaxy: a star's slot is found
 * through its tile (binary search over the tiles' first stars) and that tile's first slot, and a
 * slot's star through the resident tile whose range holds it (binary search over the resident tiles'
 * first slots), so memory stays flat however many stars the galaxy has, and no column of star
 * numbers is held (4 bytes a slot) for what a tile's first star and first slot already say.
 */
export class SlotPool {
  positions: Float32Array;
  sizes: Float32Array;
  /** Diameter factor per slot after the two-pixel floor (docs/tiles.md#stand-in-stars): 1, or more for a star standing in for stars not drawn. */
  footprints: Float32Array;
  private readonly inDegree: DegreeColumn;
  private readonly outDegree: DegreeColumn;
  /** Finest community per slot (the tile's communities file), NO_COMMUNITY for an empty slot or an unknown one. */
  communities: Uint32Array;
  private readonly allocator: SlotAllocator;
  /** First slot of each tile, -1 when the tile is not resident. */
  private readonly tileSlot: Int32Array;
  /** The resident tiles ordered by first slot, for starOfSlot; undefined when tiles came, went or moved since it was sorted. */
  private bySlot: Int32Array | undefined;
  private residentStars = 0;

  constructor(
    private slots: number,
    /** First star number of every tile, then the total (TiledGalaxyReader.tileFirstStars). */
    private readonly tileFirstStars: Uint32Array,
    /** The galaxy's true maximum in-degree (index.json), for the node size rule. */
    private readonly maxInDegree: number,
    private readonly scale: number,
  ) {
    const capacity = slots;
    this.positions = new Float32Array(capacity * 3);
    this.sizes = new Float32Array(capacity);
    this.footprints = new Float32Array(capacity).fill(1);
    this.inDegree = new DegreeColumn(capacity);
    this.outDegree = new DegreeColumn(capacity);
    this.communities = new Uint32Array(capacity).fill(NO_COMMUNITY);
    this.allocator = new SlotAllocator(capacity);
    this.tileSlot = new Int32Array(tileFirstStars.length - 1).fill(-1);
  }

  get capacity(): number {
    return this.slots;
  }

  /**
   * Room for `capacity` slots (a star budget that grew): new, larger columns with every slot where
   * it was, the new slots free; the old columns are no longer the pool's. Never shrinks.
   */
  grow(capacity: number): boolean {
    if (capacity <= this.slots) return false;
    this.positions = grown(this.positions, capacity * 3);
    this.sizes = grown(this.sizes, capacity);
    const footprints = new Float32Array(capacity).fill(1);
    footprints.set(this.footprints);
    this.footprints = footprints;
    this.inDegree.grow(capacity);
    this.outDegree.grow(capacity);
    const communities = new Uint32Array(capacity).fill(NO_COMMUNITY);
    communities.set(this.communities);
    this.communities = communities;
    this.allocator.grow(capacity);
    this.slots = capacity;
    return true;
  }

  get tileCount(): number {
    return this.tileSlot.length;
  }

  get freeSlots(): number {
    return this.allocator.freeSlots;
  }

  /** Stars in the pool. */
  get residentStarCount(): number {
    return this.residentStars;
  }

  isResident(tile: number): boolean {
    return this.tileSlot[tile] >= 0;
  }

  /** Tiles in the pool, in tile order. */
  residentTiles(): number[] {
    const tiles: number[] = [];
    for (let t = 0; t < this.tileSlot.length; t++) if (this.tileSlot[t] >= 0) tiles.push(t);
    return tiles;
  }

  starsOfTile(tile: number): number {
    return this.tileFirstStars[tile + 1] - this.tileFirstStars[tile];
  }

  /** First slot of a resident tile, -1 when it is not resident. */
  firstSlotOf(tile: number): number {
    return this.tileSlot[tile];
  }

  /** The slots a resident tile holds. */
  rangeOf(tile: number): SlotRange | undefined {
    const start = this.tileSlot[tile];
    return start < 0 ? undefined : { start, count: this.starsOfTile(tile) };
  }

  /** Whether a tile of `count` stars would find a free range now. */
  fits(count: number): boolean {
    return count === 0 || this.allocator.largestFreeRange >= count;
  }

  /** Writes a decoded tile into the first free range that holds it; undefined when none does. */
  place(tile: DecodedTile): SlotRange | undefined {
    if (this.tileSlot[tile.tile] >= 0) return this.rangeOf(tile.tile);
    const start = this.allocator.allocate(tile.count);
    if (start < 0) return undefined;
    this.tileSlot[tile.tile] = start;
    this.bySlot = undefined;
    this.write(tile, start);
    this.residentStars += tile.count;
    return { start, count: tile.count };
  }

  /** Empties a tile's slots (size 0, no star); returns them, or undefined when it was not resident. */
  free(tile: number): SlotRange | undefined {
    const range = this.rangeOf(tile);
    if (!range) return undefined;
    const end = range.start + range.count;
    this.sizes.fill(0, range.start, end);
    this.footprints.fill(1, range.start, end);
    this.inDegree.clear(range.start, end);
    this.outDegree.clear(range.start, end);
    this.communities.fill(NO_COMMUNITY, range.start, end);
    this.positions.fill(0, range.start * 3, end * 3);
    this.allocator.release(range.start, range.count);
    this.tileSlot[tile] = -1;
    this.bySlot = undefined;
    this.residentStars -= range.count;
    return range;
  }

  /**
   * Moves every resident tile down to close the gaps between them, so that the free slots become one
   * range; returns the slots rewritten (the scene uploads them again).
   */
  compact(): SlotRange[] {
    const tiles = this.residentTiles().sort((a, b) => this.tileSlot[a] - this.tileSlot[b]);
    const written: SlotRange[] = [];
    let next = 0;
    for (const tile of tiles) {
      const from = this.tileSlot[tile];
      const count = this.starsOfTile(tile);
      if (from !== next) {
        this.positions.copyWithin(next * 3, from * 3, (from + count) * 3);
        for (const column of [this.sizes, this.footprints, this.communities]) column.copyWithin(next, from, from + count);
        for (const column of [this.inDegree, this.outDegree]) column.move(next, from, count);
        this.tileSlot[tile] = next;
        written.push({ start: next, count });
      }
      next += count;
    }
    if (next < this.capacity) {
      this.sizes.fill(0, next);
      this.footprints.fill(1, next);
      this.communities.fill(NO_COMMUNITY, next);
      this.inDegree.clear(next);
      this.outDegree.clear(next);
      this.positions.fill(0, next * 3);
      if (written.length > 0) written.push({ start: next, count: this.capacity - next });
    }
    this.bySlot = undefined;
    this.allocator.reset();
    if (next > 0) this.allocator.allocate(next);
    return written;
  }

  tileOfStar(star: number): number {
    return rangeOfStar(this.tileFirstStars, star);
  }

  /** Slot of a star, or -1 when its tile is not resident. */
  slotOfStar(star: number): number {
    if (!(star >= 0 && star < this.tileFirstStars[this.tileFirstStars.length - 1])) return -1;
    const tile = rangeOfStar(this.tileFirstStars, star);
    const start = this.tileSlot[tile];
    return start < 0 ? -1 : start + star - this.tileFirstStars[tile];
  }

  /** Star number held by a slot, or -1. */
  starOfSlot(slot: number): number {
    if (!(slot >= 0 && slot < this.capacity)) return -1;
    const bySlot = (this.bySlot ??= Int32Array.from(this.residentTiles().filter((tile) => this.starsOfTile(tile) > 0)).sort((a, b) => this.tileSlot[a] - this.tileSlot[b]));
    // The last resident tile whose first slot is at or before `slot`.
    let lo = 0, hi = bySlot.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.tileSlot[bySlot[mid]] <= slot) {
        found = bySlot[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return -1;
    const local = slot - this.tileSlot[found];
    return local < this.starsOfTile(found) ? this.tileFirstStars[found] + local : -1;
  }

  /** Degrees of the star a slot holds (0 for an empty slot). */
  inDegreeOfSlot(slot: number): number {
    return this.inDegree.at(slot);
  }

  outDegreeOfSlot(slot: number): number {
    return this.outDegree.at(slot);
  }

  /** The finest community of a star whose tile is resident; undefined when it is not or the tile carries none. */
  communityOfStar(star: number): number | undefined {
    const slot = this.slotOfStar(star);
    const community = slot < 0 ? NO_COMMUNITY : this.communities[slot];
    return community === NO_COMMUNITY ? undefined : community;
  }

  private write(tile: DecodedTile, start: number): void {
    writeTileStars(tile, this.scale, this.maxInDegree, this.positions, this.sizes, start, this.communities);
    this.footprints.fill(1, start, start + tile.count);
    this.inDegree.write(tile.inDegree, start);
    this.outDegree.write(tile.outDegree, start);
  }
}

function grown<T extends Float32Array | Uint32Array>(column: T, length: number): T {
  const next = (column instanceof Float32Array ? new Float32Array(length) : new Uint32Array(length)) as T;
  next.set(column);
  return next;
}
