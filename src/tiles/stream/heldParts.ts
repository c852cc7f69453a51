import type { HeldKind, PartsBudget } from '../planner/holdingBudget';

/** What is held: a fetched part (names, out-links, adjacency) or a star tile in the slot pool. */
type HeldWhat = HeldKind | 'tiles';

interface Held {
  what: HeldWhat;
  bytes: number;
  drop: () => void;
  /** While true the entry is never let go (a drawn tile, or one the planner still wants). */
  kept?: () => boolean;
}

/** Bytes held, and most that may be. */
export interface HeldAmount {
  bytes: number;
  cap: number;
}

/** Bytes held of each kind, and what it may hold; `total` is the parts' together. */
export type HeldBytes = Record<HeldKind, HeldAmount> & { total: HeldAmount };

/** What a tiled galaxy holds against its holding budget (the stats line's title says it): its star tiles and its parts. */
export type Holdings = HeldBytes & { stars: HeldAmount };

/**
 * The one eviction path of a tiled galaxy (docs/tiles.md "One holding budget"): every star tile
 * placed in the slot pool and every part fetched (names, out-links, whole adjacency, each a
 * FetchCache by tile) is registered here, and every use makes it the most recent.
 * - Star tiles: the planner's wishes are the use (`wanted`, least important first, so that the
 *   least recently wanted tile is the oldest); beyond the drawn stars' bytes of the holding budget,
 *   or when the pool needs room (`makeRoom`), the oldest tile goes, never one kept (drawn, or wanted
 *   by the last plan).
 * - Parts: beyond a kind's cap that kind's least recently used part goes; beyond the parts' bytes
 *   the least recently used part of any kind goes.
 */
export class HeldParts {
  /** Insertion order is recency: a use deletes and re-inserts, so the first entry is the least recently used. */
  private readonly held = new Map<string, Held>();
  private readonly kindBytes: Record<HeldWhat, number> = { names: 0, outLinks: 0, adjacency: 0, tiles: 0 };
  private totalBytes = 0;
  /** Bytes of tiles being fetched: they count against the drawn stars' bytes before they arrive. */
  private tileBytesComing = 0;

  /** `starBytes`: the drawn stars' bytes of the holding budget, what star tiles may hold (setStarBytes follows the star budget). */
  constructor(
    readonly budget: PartsBudget,
    private starBytes = Infinity,
  ) {}

  /** Bytes of the parts together (names, out-links, adjacency). */
  get bytes(): number {
    return this.totalBytes;
  }

  bytesOf(what: HeldWhat): number {
    return this.kindBytes[what];
  }

  capOf(kind: HeldKind): number {
    return this.budget.caps[kind];
  }

  /** The star budget changed: star tiles may hold this many bytes from now on (beyond it the oldest go). */
  setStarBytes(bytes: number): void {
    this.starBytes = bytes;
    this.evict(undefined);
  }

  /** Holds a part that arrived as the most recently used, then frees what is beyond the budget (never the part itself). `drop` forgets it in its holder. */
  hold(kind: HeldKind, part: number, bytes: number, drop: () => void): void {
    this.add(keyOf(kind, part), { what: kind, bytes, drop });
  }

  /**
   * Holds a star tile placed in the pool as the most recently wanted. `drop` frees it from the pool
   * and the fetcher; `kept` says whether it must stay (drawn, or still wanted).
   */
  holdTile(tile: number, bytes: number, drop: () => void, kept: () => boolean): void {
    this.add(keyOf('tiles', tile), { what: 'tiles', bytes, drop, kept });
  }

  /**
   * The planner's wishes, least important first: each becomes the most recently used, so that the
   * tiles it gave up longest ago are the oldest. `comingBytes`: the bytes of tiles on their way,
   * which count against the drawn stars' bytes; beyond them the oldest tiles not kept go.
   */
  wanted(tiles: readonly number[], comingBytes: number): void {
    for (const tile of tiles) this.touch('tiles', tile);
    this.tileBytesComing = comingBytes;
    this.evict(undefined);
  }

  /** Lets the oldest star tiles not kept go until `fits()` (the slot pool has room for `arriving`) or none is left to let go; whether it fits. */
  makeRoom(fits: () => boolean, arriving: number): boolean {
    const arrivingKey = keyOf('tiles', arriving);
    for (const [key, held] of this.held) {
      if (fits()) return true;
      if (held.what !== 'tiles' || key === arrivingKey || held.kept?.()) continue;
      this.letGo(key, held);
    }
    return fits();
  }

  /** The entry was used: it is now the most recently used. */
  touch(what: HeldWhat, part: number): void {
    const key = keyOf(what, part);
    const held = this.held.get(key);
    if (!held) return;
    this.held.delete(key);
    this.held.set(key, held);
  }

  /** Its holder let the entry go (disposed, or a tile freed): it no longer counts. */
  release(what: HeldWhat, part: number): void {
    const key = keyOf(what, part);
    const held = this.held.get(key);
    if (!held) return;
    this.forget(key, held);
  }

  summary(): HeldBytes {
    const of = (kind: HeldKind) => ({ bytes: this.kindBytes[kind], cap: this.budget.caps[kind] });
    return { names: of('names'), outLinks: of('outLinks'), adjacency: of('adjacency'), total: { bytes: this.totalBytes, cap: this.budget.bytes } };
  }

  /** Star tiles held and on their way, against the drawn stars' bytes. */
  tiles(): HeldAmount {
    return { bytes: this.kindBytes.tiles + this.tileBytesComing, cap: this.starBytes };
  }

  private add(key: string, held: Held): void {
    const old = this.held.get(key);
    if (old) this.forget(key, old);
    this.held.set(key, held);
    this.kindBytes[held.what] += held.bytes;
    if (held.what !== 'tiles') this.totalBytes += held.bytes;
    this.evict(key);
  }

  private evict(arriving: string | undefined): void {
    for (const [key, held] of this.held) {
      if (this.withinBudget()) return;
      if (key === arriving || held.kept?.()) continue;
      if (this.mayStay(held)) continue;
      this.letGo(key, held);
    }
  }

  /** Whether an entry may stay although something is beyond the budget: its own kind is within its limits. */
  private mayStay(held: Held): boolean {
    if (held.what === 'tiles') return this.kindBytes.tiles + this.tileBytesComing <= this.starBytes;
    // Beyond the parts' total any old part goes; within it, only parts of a kind over its cap.
    return this.totalBytes <= this.budget.bytes && this.kindBytes[held.what] <= this.budget.caps[held.what];
  }

  private withinBudget(): boolean {
    const { caps } = this.budget;
    return (
      this.kindBytes.tiles + this.tileBytesComing <= this.starBytes &&
      this.totalBytes <= this.budget.bytes &&
      this.kindBytes.names <= caps.names &&
      this.kindBytes.outLinks <= caps.outLinks &&
      this.kindBytes.adjacency <= caps.adjacency
    );
  }

  private letGo(key: string, held: Held): void {
    this.forget(key, held);
    held.drop();
  }

  private forget(key: string, held: Held): void {
    this.held.delete(key);
    this.kindBytes[held.what] -= held.bytes;
    if (held.what !== 'tiles') this.totalBytes -= held.bytes;
  }
}

function keyOf(what: HeldWhat, part: number): string {
  return `${what}:${part}`;
}
