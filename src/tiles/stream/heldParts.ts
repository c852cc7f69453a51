import type { HeldKind, PartsBudget } from '../planner/holdingBudget';

interface Held {
  kind: HeldKind;
  bytes: number;
  drop: () => void;
}

/** Bytes held, and most that may be. */
export interface HeldAmount {
  bytes: number;
  cap: number;
}

/** Bytes held of each kind, and what it may hold; `total` is the parts' together. */
export type HeldBytes = Record<HeldKind, HeldAmount> & { total: HeldAmount };

/** What a tiled galaxy holds against its holding budget (the stats line's title says it): its drawn stars and its parts. */
export type Holdings = HeldBytes & { stars: HeldAmount };

/**
 * The one eviction path of a tiled galaxy's fetched parts (names, out-links, whole adjacency, each
 * a FetchCache by tile): every part held is registered here, and every use makes it the most
 * recent. Beyond a kind's cap that kind's least recently used part goes; beyond the parts' bytes
 * the least recently used part of any kind goes. The drawn stars are the slot pool's (its
 * makeRoom frees the tiles the planner wants least), sized by the same holding budget.
 */
export class HeldParts {
  /** Insertion order is recency: a use deletes and re-inserts, so the first entry is the least recently used. */
  private readonly held = new Map<string, Held>();
  private readonly kindBytes: Record<HeldKind, number> = { names: 0, outLinks: 0, adjacency: 0 };
  private totalBytes = 0;

  constructor(readonly budget: PartsBudget) {}

  get bytes(): number {
    return this.totalBytes;
  }

  bytesOf(kind: HeldKind): number {
    return this.kindBytes[kind];
  }

  capOf(kind: HeldKind): number {
    return this.budget.caps[kind];
  }

  /** Holds a part that arrived as the most recently used, then frees what is beyond the budget (never the part itself). `drop` forgets it in its holder. */
  hold(kind: HeldKind, part: number, bytes: number, drop: () => void): void {
    const key = keyOf(kind, part);
    this.release(kind, part);
    this.held.set(key, { kind, bytes, drop });
    this.kindBytes[kind] += bytes;
    this.totalBytes += bytes;
    this.evict(key);
  }

  /** The part was used: it is now the most recently used. */
  touch(kind: HeldKind, part: number): void {
    const key = keyOf(kind, part);
    const held = this.held.get(key);
    if (!held) return;
    this.held.delete(key);
    this.held.set(key, held);
  }

  /** Its holder let the part go (disposed): it no longer counts. */
  release(kind: HeldKind, part: number): void {
    const key = keyOf(kind, part);
    const held = this.held.get(key);
    if (!held) return;
    this.held.delete(key);
    this.kindBytes[kind] -= held.bytes;
    this.totalBytes -= held.bytes;
  }

  summary(): HeldBytes {
    const of = (kind: HeldKind) => ({ bytes: this.kindBytes[kind], cap: this.budget.caps[kind] });
    return { names: of('names'), outLinks: of('outLinks'), adjacency: of('adjacency'), total: { bytes: this.totalBytes, cap: this.budget.bytes } };
  }

  private evict(arriving: string): void {
    for (const [key, held] of this.held) {
      if (this.totalBytes <= this.budget.bytes && !this.overCap()) return;
      if (key === arriving) continue;
      // Beyond the total anything old goes; within it, only parts of a kind over its cap.
      if (this.totalBytes <= this.budget.bytes && this.kindBytes[held.kind] <= this.budget.caps[held.kind]) continue;
      this.held.delete(key);
      this.kindBytes[held.kind] -= held.bytes;
      this.totalBytes -= held.bytes;
      held.drop();
    }
  }

  private overCap(): boolean {
    return this.kindBytes.names > this.budget.caps.names || this.kindBytes.outLinks > this.budget.caps.outLinks || this.kindBytes.adjacency > this.budget.caps.adjacency;
  }
}

function keyOf(kind: HeldKind, part: number): string {
  return `${kind}:${part}`;
}
