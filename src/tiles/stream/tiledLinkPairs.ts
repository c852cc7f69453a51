import { maxVisibleEdgeLengthSquared } from '../../renderer/linkIndices';
import type { SlotPool } from './slotPool';
import { outLinksBytesHeld, type TileOutLinks } from './adjacencyCuts';
import { LINK_PAIR_BUDGET } from '../../stars/drawnLinkPairs';
import type { LinkSettings, LinkWork } from '../../stars/starSource';


export interface LinkUpdate {
  /** Drawn tiles, any order. */
  drawnTiles: readonly number[];
  /** 1 for every drawn tile, per tile. */
  isDrawn: Uint8Array;
  /** The tile's out-links when they are held, without fetching them. */
  outLinks(tile: number): TileOutLinks | undefined;
  settings: LinkSettings;
}

export interface LinkState {
  /** Pairs of slots, from then to. A new array whenever the pairs changed. */
  pairs: Uint32Array;
  /** Drawn tiles whose out-links are not held, most important (lowest star numbers) first. */
  missingTiles: number[];
  /** Bytes of the held out-links of the drawn tiles. */
  outLinkBytes: number;
}

/**
 * The links between drawn stars as pairs of slots, by the classic galaxy's rule (docs/rules.md#renderer:
 * drawn when the squared length is at most ml² × s), from the drawn tiles' out-links only (every
 * link between two drawn stars is an out-link of one of them), kept up to date tile by tile: tiles
 * whose out-links are held are *linked* by adding their out-links to linked tiles and themselves,
 * and the out-links of the tiles linked before into them, so every link is added once, when the
 * later of its two tiles is linked;
 * a tile no longer drawn (or moved in the pool) takes its pairs with it. The cost of an update
 * follows what changed, not the number of links drawn. Tiles are linked most important (lowest
 * star numbers) first until the link budget (LINK_PAIR_BUDGET) is spent: the links of the most
 * important stars win, as in a whole galaxy (capLinkPairs).
 */
export class TiledLinks {
  private buffer = new Uint32Array(0);
  private length = 0;
  private handedOut: Uint32Array | undefined;
  private readonly linked: Uint8Array;
  /** The tile's first slot when it was linked: a tile moved by the pool's compaction is linked again. */
  private readonly linkedSlot: Int32Array;
  private linkedTiles: number[] = [];
  private droppedSlot: Uint8Array;
  /** 1 for the tiles being linked by link() that are not linked yet: a quick test before the map. */
  private readonly linking: Uint8Array;
  private key: string | undefined;
  /** Counted work so far (StarSource.linkWork). */
  readonly work: LinkWork = { updates: 0, tilesUnlinked: 0, pairsVisited: 0, pairsCopied: 0, pairsHeld: 0 };

  constructor(
    private readonly pool: SlotPool,
    private readonly tileFirstStars: Uint32Array,
    private readonly maxPairs: number = LINK_PAIR_BUDGET,
  ) {
    this.linked = new Uint8Array(pool.tileCount);
    this.linkedSlot = new Int32Array(pool.tileCount).fill(-1);
    this.droppedSlot = new Uint8Array(pool.capacity);
    this.linking = new Uint8Array(pool.tileCount);
  }

  update({ drawnTiles, isDrawn, outLinks, settings }: LinkUpdate): LinkState {
    const key = `${settings.maxVisibleDistance} ${settings.scale}`;
    if (key !== this.key) this.reset(key);
    this.work.updates++;
    const removed = this.linkedTiles.filter((tile) => !isDrawn[tile] || this.pool.firstSlotOf(tile) !== this.linkedSlot[tile]);
    if (removed.length > 0) this.unlink(removed);

    const missingTiles: number[] = [];
    const newTiles: number[] = [];
    let outLinkBytes = 0;
    const full = this.length >= this.maxPairs * 2;
    for (const tile of [...drawnTiles].sort((a, b) => a - b)) {
      const held = outLinks(tile);
      if (held) outLinkBytes += outLinksBytesHeld(held);
      if (this.linked[tile] || full) continue;
      if (held) newTiles.push(tile);
      else missingTiles.push(tile);
    }
    if (newTiles.length > 0) this.link(newTiles, outLinks, maxVisibleEdgeLengthSquared(settings.maxVisibleDistance, settings.scale));
    if (removed.length > 0 || this.handedOut === undefined || this.handedOut.length !== this.length) {
      this.handedOut = this.buffer.slice(0, this.length);
      this.work.pairsCopied += this.length / 2;
    }
    this.work.pairsHeld = this.length / 2;
    return { pairs: this.handedOut, missingTiles, outLinkBytes };
  }

  private reset(key: string): void {
    this.key = key;
    this.length = 0;
    this.handedOut = undefined;
    for (const tile of this.linkedTiles) this.linked[tile] = 0;
    this.linkedTiles = [];
  }

  /** Drops the pairs of tiles no longer drawn where they were linked. */
  private unlink(tiles: number[]): void {
    // The pool grows with the star budget.
    if (this.droppedSlot.length < this.pool.capacity) this.droppedSlot = new Uint8Array(this.pool.capacity);
    const dropped = this.droppedSlot;
    for (const tile of tiles) {
      const start = this.linkedSlot[tile];
      dropped.fill(1, start, start + this.tileFirstStars[tile + 1] - this.tileFirstStars[tile]);
      this.linked[tile] = 0;
    }
    const pairs = this.buffer;
    this.work.tilesUnlinked += tiles.length;
    this.work.pairsVisited += this.length / 2;
    let kept = 0;
    for (let i = 0; i < this.length; i += 2) {
      if (dropped[pairs[i]] || dropped[pairs[i + 1]]) continue;
      pairs[kept++] = pairs[i];
      pairs[kept++] = pairs[i + 1];
    }
    this.length = kept;
    for (const tile of tiles) {
      const start = this.linkedSlot[tile];
      dropped.fill(0, start, start + this.tileFirstStars[tile + 1] - this.tileFirstStars[tile]);
    }
    this.linkedTiles = this.linkedTiles.filter((tile) => this.linked[tile]);
  }

  /**
   * Links `newTiles`, most important first, each with its links to the tiles linked before it: the
   * links from those tiles into it (out-links of the tiles linked before this update, and of the new
   * tiles before it, gathered by target tile), then its own out-links to linked tiles and itself.
   * Stops where the budget runs out, that tile linked in part (nothing more is linked until pairs go).
   */
  private link(newTiles: readonly number[], outLinks: (tile: number) => TileOutLinks | undefined, limit: number): void {
    const { pool, tileFirstStars, linked } = this;
    const p = pool.positions;
    const max = this.maxPairs * 2;
    const within = (from: number, to: number) => {
      const dx = p[to * 3] - p[from * 3], dy = p[to * 3 + 1] - p[from * 3 + 1], dz = p[to * 3 + 2] - p[from * 3 + 2];
      return dx * dx + dy * dy + dz * dz <= limit;
    };
    const add = (from: number, to: number): boolean => {
      if (this.length >= max) return false;
      if (this.length + 2 > this.buffer.length) this.grow();
      this.buffer[this.length++] = from;
      this.buffer[this.length++] = to;
      return true;
    };
    /** Pairs of slots into each new tile from tiles linked before it, not added yet. */
    const into = new Map<number, number[]>(newTiles.map((tile) => [tile, []]));
    /** Walks `tile`'s out-links within the length limit: into a linked tile, `linkedTarget` says whether to go on; into a new tile not linked yet, they wait in `into`. */
    const walk = (tile: number, linkedTarget: ((from: number, to: number) => boolean) | undefined): boolean => {
      const held = outLinks(tile);
      if (!held) return true;
      const base = pool.firstSlotOf(tile);
      const { outOffsets, outTargetTiles, outTargetPlaces } = held;
      for (let local = 0; local < held.count; local++) {
        for (let i = outOffsets[local], stop = outOffsets[local + 1]; i < stop; i++) {
          const targetTile = outTargetTiles[i];
          const waiting = this.linking[targetTile] ? into.get(targetTile) : undefined;
          if (!linkedTarget && !waiting) continue;
          const from = base + local;
          const to = pool.firstSlotOf(targetTile) + outTargetPlaces[i];
          if (!within(from, to)) continue;
          if (waiting) waiting.push(from, to);
          else if (linkedTarget && linked[targetTile] && !linkedTarget(from, to)) return false;
        }
      }
      return true;
    };

    for (const tile of newTiles) this.linking[tile] = 1;
    try {
      for (const tile of this.linkedTiles) walk(tile, undefined);
      for (const tile of newTiles) {
        linked[tile] = 1;
        this.linking[tile] = 0;
        this.linkedSlot[tile] = pool.firstSlotOf(tile);
        this.linkedTiles.push(tile);
        const waiting = into.get(tile)!;
        for (let i = 0; i < waiting.length; i += 2) if (!add(waiting[i], waiting[i + 1])) return;
        if (!walk(tile, add)) return;
      }
    } finally {
      for (const tile of newTiles) this.linking[tile] = 0;
    }
  }

  private grow(): void {
    const grown = new Uint32Array(Math.min(this.maxPairs * 2, Math.max(1024, this.buffer.length * 2)));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}
