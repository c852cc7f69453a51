import type { PlannerCamera } from '../../src/tiles/planner/importance';
import type { StarCells } from '../../src/renderer/starCells';
import { nearestInCells } from '../../src/picking/nearestInCells';
import type { Ray } from '../../src/picking/ray';
import type { LinkPairsChange, LinkSettings, SlotRange, StarSource, StarSourceChange } from '../../src/stars/starSource';

/** A tile as the fake places it: star numbers with their positions (world) and sizes. */
export interface FakeTile {
  stars: number[];
  positions: number[];
  sizes: number[];
}

/**
 * An in-memory StarSource: tiles are placed into slot ranges by hand and drawn as one cell each,
 * as the streaming engine would, and every call the scene makes is recorded.
 */
export class FakeTiledStars implements StarSource {
  readonly positions: Float32Array;
  readonly sizes: Float32Array;
  readonly cameras: PlannerCamera[] = [];
  readonly linkSettings: LinkSettings[] = [];
  readonly located: number[] = [];
  /** What linkPairs answers (pairs of slots). */
  pairs: Uint32Array | undefined;
  /** Set by linksChanged only, as a tiled galaxy's stream does. */
  linkPairsChange: LinkPairsChange | undefined;
  /** Where locate finds stars that are not resident. */
  elsewhere = new Map<number, [number, number, number]>();
  private slotStars: Int32Array;
  private starSlots = new Map<number, number>();
  /** Resident and drawn tiles: first slot and count each. */
  private resident: Array<{ start: number; count: number }> = [];
  private drawn: Array<{ start: number; count: number }> = [];
  private listeners = new Set<(change: StarSourceChange) => void>();

  constructor(
    readonly capacity: number,
    readonly starCount: number,
    readonly bounds: { min: [number, number, number]; max: [number, number, number] },
  ) {
    this.positions = new Float32Array(capacity * 3);
    this.sizes = new Float32Array(capacity);
    this.slotStars = new Int32Array(capacity).fill(-1);
  }

  /** Writes a tile into slots start.. and draws it; tells listeners as the engine does. */
  place(start: number, tile: FakeTile, draw = true): void {
    tile.stars.forEach((star, i) => {
      const slot = start + i;
      const old = this.slotStars[slot];
      if (old >= 0) this.starSlots.delete(old);
      this.slotStars[slot] = star;
      this.starSlots.set(star, slot);
      this.positions.set(tile.positions.slice(i * 3, i * 3 + 3), slot * 3);
      this.sizes[slot] = tile.sizes[i];
    });
    this.resident.push({ start, count: tile.stars.length });
    if (draw) this.drawn.push({ start, count: tile.stars.length });
    this.emit({ written: [{ start, count: tile.stars.length }], drawnChanged: draw, linksChanged: false });
  }

  /** Empties slots start..start+count-1 and stops drawing tiles there. */
  free(start: number, count: number): void {
    for (let slot = start; slot < start + count; slot++) {
      const star = this.slotStars[slot];
      if (star >= 0) this.starSlots.delete(star);
      this.slotStars[slot] = -1;
      this.positions.fill(0, slot * 3, slot * 3 + 3);
      this.sizes[slot] = 0;
    }
    const outside = (tile: { start: number; count: number }) => tile.start + tile.count <= start || tile.start >= start + count;
    this.resident = this.resident.filter(outside);
    this.drawn = this.drawn.filter(outside);
    this.emit({ written: [{ start, count }], drawnChanged: true, linksChanged: false });
  }

  /** Draws only the tiles starting at these slots (a new plan over resident tiles). */
  drawOnly(starts: number[]): void {
    this.drawn = this.resident.filter((tile) => starts.includes(tile.start));
    this.emit({ written: [], drawnChanged: true, linksChanged: false });
  }

  /** New pairs that differ from the version before in `changed` only (StarSource.linkPairsChange); `skip` versions are never handed out. */
  linksChanged(pairs: Uint32Array<ArrayBuffer>, changed: SlotRange[], skip = 0): void {
    this.linkPairsChange = { pairs, changed, version: (this.linkPairsChange?.version ?? 0) + 1 + skip };
    this.linksArrived(pairs);
  }

  linksArrived(pairs: Uint32Array | undefined): void {
    this.pairs = pairs;
    this.emit({ written: [], drawnChanged: false, linksChanged: true });
  }

  drawnCells(): StarCells {
    const cells = this.drawn.length;
    const out: StarCells = { cells, start: new Uint32Array(cells), count: new Uint32Array(cells), bounds: new Float32Array(cells * 6) };
    this.drawn.forEach(({ start, count }, k) => {
      out.start[k] = start;
      out.count[k] = count;
      const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
      for (let slot = start; slot < start + count; slot++) {
        for (let a = 0; a < 3; a++) {
          b[a] = Math.min(b[a], this.positions[slot * 3 + a]);
          b[a + 3] = Math.max(b[a + 3], this.positions[slot * 3 + a]);
        }
      }
      out.bounds.set(b, k * 6);
    });
    return out;
  }

  readonly busy = false;
  readonly pickingIndexed = true;

  nearestStar(ray: Ray, threshold: number): number | undefined {
    const slot = nearestInCells(this.drawnCells(), this.positions, ray, threshold);
    return slot === undefined || this.starOfSlot(slot) < 0 ? undefined : this.starOfSlot(slot);
  }

  get drawnStars(): number {
    return this.drawn.reduce((sum, tile) => sum + tile.count, 0);
  }

  starOfSlot(slot: number): number {
    return this.slotStars[slot] ?? -1;
  }

  slotOfStar(star: number): number {
    return this.starSlots.get(star) ?? -1;
  }

  setCamera(camera: PlannerCamera): void {
    this.cameras.push(camera);
  }

  linkPairs(settings: LinkSettings): Uint32Array | undefined {
    this.linkSettings.push(settings);
    return this.pairs;
  }

  onChange(listener: (change: StarSourceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async locate(star: number): Promise<[number, number, number] | undefined> {
    this.located.push(star);
    const slot = this.slotOfStar(star);
    if (slot >= 0) return [this.positions[slot * 3], this.positions[slot * 3 + 1], this.positions[slot * 3 + 2]];
    return this.elsewhere.get(star);
  }

  private emit(change: StarSourceChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
