import { maxVisibleEdgeLengthSquared } from '../../renderer/linkIndices';
import type { SlotPool } from './slotPool';
import { outLinksBytesHeld, type TileOutLinks } from './adjacencyCuts';
import { LINK_PAIR_BUDGET } from '../../stars/drawnLinkPairs';
import type { LinkSettings, LinkWork } from '../../stars/starSource';
import type { IndexRange } from '../../renderer/types';
import { GroupedLinkPairs, removeUnordered } from './groupedLinkPairs';


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
  /**
   * Pairs of slots, from then to: a view of the links' own buffer, a new view whenever the pairs
   * changed (the buffer changes in place, so an older view holds the pairs as they are now).
   */
  pairs: Uint32Array<ArrayBuffer>;
  /** Counts the changes of the pairs: one more whenever `pairs` is a new view. */
  version: number;
  /**
   * Index ranges of `pairs` that differ from the pairs of the version before (every other index up
   * to the shorter length is as it was): what a renderer holding that version writes.
   */
  changed: readonly IndexRange[];
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
 * follows what changed, not the number of links drawn: the pairs are held by the two tiles they
 * join (GroupedLinkPairs), so a tile that goes touches its own pairs only, and a tile linked walks
 * the out-links of the linked tiles that link into it only. Tiles are linked most important
 * (lowest star numbers) first until the link budget (LINK_PAIR_BUDGET) is spent: the links of the
 * most important stars win, as in a whole galaxy (capLinkPairs).
 */
export class TiledLinks {
  private readonly pairs: GroupedLinkPairs;
  private handedOut: LinkState['pairs'] | undefined;
  private version = 0;
  private readonly linked: Uint8Array;
  /** The tile's first slot when it was linked: a tile moved by the pool's compaction is linked again. */
  private readonly linkedSlot: Int32Array;
  private linkedTiles: number[] = [];
  /** The tiles each linked tile has out-links into (itself left out), and the linked tiles with out-links into each tile. */
  private readonly targetsOf = new Map<number, number[]>();
  private readonly sourcesInto = new Map<number, number[]>();
  /** 1 for the tiles being linked by link() that are not linked yet: a quick test before the map. */
  private readonly linking: Uint8Array;
  /** Scratch marks by tile, all 0 between uses. */
  private readonly marks: Uint8Array;
  private key: string | undefined;
  /** Counted work so far (StarSource.linkWork). */
  readonly work: LinkWork = { updates: 0, tilesUnlinked: 0, pairsVisited: 0, pairsHeld: 0, outLinksWalked: 0 };

  constructor(
    private readonly pool: SlotPool,
    private readonly tileFirstStars: Uint32Array,
    maxPairs: number = LINK_PAIR_BUDGET,
  ) {
    this.pairs = new GroupedLinkPairs(maxPairs);
    this.linked = new Uint8Array(pool.tileCount);
    this.linkedSlot = new Int32Array(pool.tileCount).fill(-1);
    this.linking = new Uint8Array(pool.tileCount);
    this.marks = new Uint8Array(pool.tileCount);
  }

  update({ drawnTiles, isDrawn, outLinks, settings }: LinkUpdate): LinkState {
    const key = `${settings.maxVisibleDistance} ${settings.scale}`;
    if (key !== this.key) this.reset(key);
    this.work.updates++;
    const countBefore = this.pairs.count;
    const removed = this.linkedTiles.filter((tile) => !isDrawn[tile] || this.pool.firstSlotOf(tile) !== this.linkedSlot[tile]);
    if (removed.length > 0) this.unlink(removed);

    const missingTiles: number[] = [];
    const newTiles: number[] = [];
    let outLinkBytes = 0;
    const full = this.pairs.full;
    for (const tile of [...drawnTiles].sort((a, b) => a - b)) {
      const held = outLinks(tile);
      if (held) outLinkBytes += outLinksBytesHeld(held);
      if (this.linked[tile] || full) continue;
      if (held) newTiles.push(tile);
      else missingTiles.push(tile);
    }
    if (newTiles.length > 0) this.link(newTiles, outLinks, maxVisibleEdgeLengthSquared(settings.maxVisibleDistance, settings.scale));
    const changed = this.pairs.takeChanged();
    if (changed.length > 0 || this.handedOut === undefined || this.pairs.count !== countBefore) {
      this.handedOut = this.pairs.pairs;
      this.version++;
    }
    this.work.pairsHeld = this.pairs.count;
    this.work.pairsVisited = this.pairs.pairsVisited;
    return { pairs: this.handedOut, version: this.version, changed, missingTiles, outLinkBytes };
  }

  private reset(key: string): void {
    this.key = key;
    this.pairs.clear();
    this.handedOut = undefined;
    for (const tile of this.linkedTiles) this.linked[tile] = 0;
    this.linkedTiles = [];
    this.targetsOf.clear();
    this.sourcesInto.clear();
  }

  /** Drops the pairs of tiles no longer drawn where they were linked. */
  private unlink(tiles: number[]): void {
    this.work.tilesUnlinked += tiles.length;
    this.pairs.dropTiles(tiles);
    for (const tile of tiles) {
      this.linked[tile] = 0;
      for (const target of this.targetsOf.get(tile) ?? []) {
        const sources = this.sourcesInto.get(target);
        if (!sources) continue;
        removeUnordered(sources, tile);
        if (sources.length === 0) this.sourcesInto.delete(target);
      }
      this.targetsOf.delete(tile);
    }
    this.linkedTiles = this.linkedTiles.filter((tile) => this.linked[tile]);
  }

  /** Notes the tiles that `tile`'s out-links go into, for the tiles linked after it to find it. */
  private noteTargets(tile: number, held: TileOutLinks): void {
    const { marks } = this;
    const targets: number[] = [];
    const tiles = held.outTargetTiles;
    marks[tile] = 1;
    for (let i = 0, stop = held.outOffsets[held.count]; i < stop; i++) {
      const target = tiles[i];
      if (marks[target]) continue;
      marks[target] = 1;
      targets.push(target);
    }
    marks[tile] = 0;
    this.work.outLinksWalked += held.outOffsets[held.count];
    for (const target of targets) {
      marks[target] = 0;
      let sources = this.sourcesInto.get(target);
      if (!sources) this.sourcesInto.set(target, (sources = []));
      sources.push(tile);
    }
    this.targetsOf.set(tile, targets);
  }

  /**
   * Links `newTiles`, most important first, each with its links to the tiles linked before it: the
   * links from those tiles into it (out-links of the tiles linked before this update that go into a
   * new tile, and of the new tiles before it, gathered by target tile), then its own out-links to
   * linked tiles and itself. Stops where the budget runs out, that tile linked in part (nothing more
   * is linked until pairs go).
   */
  private link(newTiles: readonly number[], outLinks: (tile: number) => TileOutLinks | undefined, limit: number): void {
    const { pool, linked, pairs } = this;
    const p = pool.positions;
    const within = (from: number, to: number) => {
      const dx = p[to * 3] - p[from * 3], dy = p[to * 3 + 1] - p[from * 3 + 1], dz = p[to * 3 + 2] - p[from * 3 + 2];
      return dx * dx + dy * dy + dz * dz <= limit;
    };
    /** Triples (tile linked before, slot, slot) of the links into each new tile not added yet. */
    const into = new Map<number, number[]>(newTiles.map((tile) => [tile, []]));
    /** The group of the pairs of the tile being linked with each other tile. */
    let groups = new Map<number, number>();
    let linkingTile = -1;
    const add = (other: number, from: number, to: number): boolean => {
      let group = groups.get(other);
      if (group === undefined) groups.set(other, (group = pairs.newGroup(linkingTile, other)));
      return pairs.add(group, from, to);
    };
    /** Walks `tile`'s out-links within the length limit: into a linked tile, `linkedTarget` says whether to go on; into a new tile not linked yet, they wait in `into`. */
    const walk = (tile: number, linkedTarget: ((other: number, from: number, to: number) => boolean) | undefined): boolean => {
      const held = outLinks(tile);
      if (!held) return true;
      const base = pool.firstSlotOf(tile);
      const { outOffsets, outTargetTiles, outTargetPlaces } = held;
      this.work.outLinksWalked += outOffsets[held.count];
      for (let local = 0; local < held.count; local++) {
        for (let i = outOffsets[local], stop = outOffsets[local + 1]; i < stop; i++) {
          const targetTile = outTargetTiles[i];
          const waiting = this.linking[targetTile] ? into.get(targetTile) : undefined;
          if (!linkedTarget && !waiting) continue;
          const from = base + local;
          const to = pool.firstSlotOf(targetTile) + outTargetPlaces[i];
          if (!within(from, to)) continue;
          if (waiting) waiting.push(tile, from, to);
          else if (linkedTarget && linked[targetTile] && !linkedTarget(targetTile, from, to)) return false;
        }
      }
      return true;
    };

    for (const tile of newTiles) this.linking[tile] = 1;
    try {
      // The tiles linked before with out-links into a new tile, each once.
      const sources: number[] = [];
      for (const tile of newTiles) {
        for (const source of this.sourcesInto.get(tile) ?? []) {
          if (this.marks[source] || !linked[source]) continue;
          this.marks[source] = 1;
          sources.push(source);
        }
      }
      for (const source of sources) this.marks[source] = 0;
      for (const source of sources) walk(source, undefined);
      for (const tile of newTiles) {
        linked[tile] = 1;
        this.linking[tile] = 0;
        this.linkedSlot[tile] = pool.firstSlotOf(tile);
        this.linkedTiles.push(tile);
        this.noteTargets(tile, outLinks(tile)!);
        linkingTile = tile;
        groups = new Map();
        const waiting = into.get(tile)!;
        for (let i = 0; i < waiting.length; i += 3) if (!add(waiting[i], waiting[i + 1], waiting[i + 2])) return;
        if (!walk(tile, add)) return;
      }
    } finally {
      for (const tile of newTiles) this.linking[tile] = 0;
    }
  }
}
