import type { IndexRange } from '../../renderer/types';

/** Holes closer than this (in pairs) are written to the renderer as one range: fewer calls for a few bytes more. */
const MERGE_GAP_PAIRS = 256;
/** More ranges than this after merging are written as the one range that covers them. */
const MAX_CHANGED_RANGES = 16;

/**
 * Link pairs (slot, slot) held densely, first `count` pairs, each in the group of the two tiles it
 * joins, so that dropping a tile touches only the pairs of its groups: each one's place is filled
 * by the last pair held (which moves, its group told), and what changed since the last
 * `takeChanged()` is a few index ranges (the filled places and the pairs added at the end), for the
 * renderer to write instead of every pair again.
 */
export class GroupedLinkPairs {
  private buffer = new Uint32Array(0);
  /** Pairs held: the first `count` pairs of the buffer. */
  count = 0;
  /** The group of each pair held, and its place in the group's list of pairs. */
  private pairGroup = new Int32Array(0);
  private pairPlace = new Uint32Array(0);
  /** Where each group's pairs are, by group; tiles of each group (the second is the first for pairs within a tile). */
  private groupPairs: number[][] = [];
  private groupTiles: number[] = [];
  private readonly freeGroups: number[] = [];
  private dropping = new Uint8Array(0);
  /** The groups each tile is in. */
  private readonly groupsOfTile = new Map<number, number[]>();
  /** Pair places written since takeChanged(), in pairs: filled places, and the first pair added at the end. */
  private filled: number[] = [];
  private addedFrom = 0;
  /** Pairs read or moved to drop tiles' pairs so far (the work the drops cost). */
  pairsVisited = 0;

  constructor(private readonly maxPairs: number) {}

  /** The pairs held, as slot indices: a view of the buffer (which changes in place under older views). */
  get pairs(): Uint32Array<ArrayBuffer> {
    return this.buffer.subarray(0, this.count * 2);
  }

  get full(): boolean {
    return this.count >= this.maxPairs;
  }

  /** A new group for the pairs between `tile` and `other` (the same tile for pairs within it). */
  newGroup(tile: number, other: number): number {
    const group = this.freeGroups.pop() ?? this.groupPairs.length;
    this.groupPairs[group] = [];
    this.groupTiles[group * 2] = tile;
    this.groupTiles[group * 2 + 1] = other;
    this.groupsOf(tile).push(group);
    if (other !== tile) this.groupsOf(other).push(group);
    return group;
  }

  /** Adds a pair to `group`; false when the budget is spent. */
  add(group: number, from: number, to: number): boolean {
    if (this.count >= this.maxPairs) return false;
    if (this.count >= this.pairGroup.length) this.grow();
    const at = this.count++;
    this.buffer[at * 2] = from;
    this.buffer[at * 2 + 1] = to;
    const places = this.groupPairs[group];
    this.pairGroup[at] = group;
    this.pairPlace[at] = places.length;
    places.push(at);
    return true;
  }

  /** Drops every pair of these tiles' groups. */
  dropTiles(tiles: readonly number[]): void {
    if (this.dropping.length < this.groupPairs.length) {
      const grown = new Uint8Array(Math.max(64, this.groupPairs.length * 2));
      grown.set(this.dropping);
      this.dropping = grown;
    }
    const dropped: number[] = [];
    let holes = 0;
    for (const tile of tiles) {
      for (const group of this.groupsOfTile.get(tile) ?? []) {
        if (this.dropping[group]) continue;
        this.dropping[group] = 1;
        dropped.push(group);
        holes += this.groupPairs[group].length;
      }
      this.groupsOfTile.delete(tile);
    }
    const places = new Uint32Array(holes);
    let at = 0;
    for (const group of dropped) {
      for (const place of this.groupPairs[group]) places[at++] = place;
      for (const tile of [this.groupTiles[group * 2], this.groupTiles[group * 2 + 1]]) {
        const groups = this.groupsOfTile.get(tile);
        if (groups) removeUnordered(groups, group);
      }
    }
    places.sort();
    this.fill(places);
    for (const group of dropped) {
      this.dropping[group] = 0;
      this.groupPairs[group] = [];
      this.freeGroups.push(group);
    }
  }

  /** Fills the places of dropped pairs (ascending) with the last pairs held that stay. */
  private fill(places: Uint32Array): void {
    const { buffer, pairGroup, pairPlace, dropping } = this;
    let count = this.count;
    for (const place of places) {
      while (count > place && dropping[pairGroup[count - 1]]) count--;
      // The place's own pair is dropped: past the loop, a pair at or after it stays.
      if (count <= place) break;
      const last = --count;
      buffer[place * 2] = buffer[last * 2];
      buffer[place * 2 + 1] = buffer[last * 2 + 1];
      const group = pairGroup[last];
      pairGroup[place] = group;
      pairPlace[place] = pairPlace[last];
      this.groupPairs[group][pairPlace[last]] = place;
      this.filled.push(place);
      this.pairsVisited++;
    }
    this.pairsVisited += places.length;
    this.count = count;
    this.addedFrom = Math.min(this.addedFrom, count);
  }

  /**
   * Index ranges (two indices a pair) of `pairs` written since the last call: what the renderer holds
   * from then is right elsewhere, but for the length. Merged where close.
   */
  takeChanged(): IndexRange[] {
    const filled = this.filled.filter((place) => place < this.addedFrom).sort((a, b) => a - b);
    const runs: [number, number][] = [];
    for (const place of filled) {
      const last = runs[runs.length - 1];
      if (last && place - last[1] <= MERGE_GAP_PAIRS) last[1] = place + 1;
      else runs.push([place, place + 1]);
    }
    if (this.addedFrom < this.count) {
      const last = runs[runs.length - 1];
      if (last && this.addedFrom - last[1] <= MERGE_GAP_PAIRS) last[1] = this.count;
      else runs.push([this.addedFrom, this.count]);
    }
    this.filled = [];
    this.addedFrom = this.count;
    const merged = runs.length > MAX_CHANGED_RANGES ? [[runs[0][0], runs[runs.length - 1][1]]] : runs;
    return merged.map(([from, to]) => ({ start: from * 2, count: (to - from) * 2 }));
  }

  /** Drops every pair. */
  clear(): void {
    this.count = 0;
    this.groupPairs = [];
    this.groupTiles = [];
    this.freeGroups.length = 0;
    this.groupsOfTile.clear();
    this.filled = [];
    this.addedFrom = 0;
  }

  private groupsOf(tile: number): number[] {
    let groups = this.groupsOfTile.get(tile);
    if (!groups) this.groupsOfTile.set(tile, (groups = []));
    return groups;
  }

  private grow(): void {
    const pairs = Math.min(this.maxPairs, Math.max(512, this.pairGroup.length * 2));
    const buffer = new Uint32Array(pairs * 2);
    buffer.set(this.buffer.subarray(0, this.count * 2));
    const pairGroup = new Int32Array(pairs);
    pairGroup.set(this.pairGroup.subarray(0, this.count));
    const pairPlace = new Uint32Array(pairs);
    pairPlace.set(this.pairPlace.subarray(0, this.count));
    [this.buffer, this.pairGroup, this.pairPlace] = [buffer, pairGroup, pairPlace];
  }
}

/** Removes `value` from `list` (if there) by moving the last element into its place: the order of such lists does not matter. */
export function removeUnordered(list: number[], value: number): void {
  const i = list.indexOf(value);
  if (i < 0) return;
  list[i] = list[list.length - 1];
  list.pop();
}
