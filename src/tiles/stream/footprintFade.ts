import type { SlotRange } from '../../stars/starSource';

/** docs/tiles.md#stand-in-stars: how long finer tiles take to grow in while their parent's stand-ins shrink. */
export const FOOTPRINT_FADE_MS = 300;

interface Fading {
  count: number;
  from: Float32Array;
  startedAt: number;
}

/**
 * The footprints as drawn: each slot's target (SlotPool.footprints) reached over FOOTPRINT_FADE_MS
 * from what was drawn before, or from 0 for a tile drawn anew (it grows in), so that a refinement
 * blends in rather than popping. Steps only while something fades.
 */
export class FootprintFade {
  shown: Float32Array;
  private readonly fading = new Map<number, Fading>();

  constructor(capacity: number) {
    this.shown = new Float32Array(capacity).fill(1);
  }

  get running(): boolean {
    return this.fading.size > 0;
  }

  grow(capacity: number): void {
    const shown = new Float32Array(capacity).fill(1);
    shown.set(this.shown);
    this.shown = shown;
  }

  /** Slots start..start+count fade to `target`'s values from now, from what they show or from 0. */
  start({ start, count }: SlotRange, fromZero: boolean, now: number): void {
    const from = fromZero ? new Float32Array(count) : this.shown.slice(start, start + count);
    this.fading.set(start, { count, from, startedAt: now });
    this.shown.set(from, start);
  }

  /** Slots show `target`'s values at once (placed, freed or moved slots); every fade ends when `all`. */
  settle(target: Float32Array, range: SlotRange | 'all'): void {
    if (range === 'all') {
      this.fading.clear();
      this.shown.set(target.subarray(0, this.shown.length));
      return;
    }
    this.fading.delete(range.start);
    this.shown.set(target.subarray(range.start, range.start + range.count), range.start);
  }

  /** Moves every fade on to `now`; returns the slot ranges whose shown footprints changed. */
  step(target: Float32Array, now: number): SlotRange[] {
    const changed: SlotRange[] = [];
    for (const [start, fade] of this.fading) {
      const t = Math.min(1, (now - fade.startedAt) / FOOTPRINT_FADE_MS);
      // Smoothstep: no jump at either end.
      const ease = t * t * (3 - 2 * t);
      for (let k = 0; k < fade.count; k++) this.shown[start + k] = fade.from[k] + (target[start + k] - fade.from[k]) * ease;
      changed.push({ start, count: fade.count });
      if (t >= 1) this.fading.delete(start);
    }
    return changed;
  }
}
