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
 * blends in rather than popping. Steps only while something fades. At rest the targets are what is
 * drawn, so no column of its own is held then (4 bytes a slot): one is copied from the targets when
 * a fade starts and let go when the last one ends.
 */
export class FootprintFade {
  private shown: Float32Array | undefined;
  private readonly fading = new Map<number, Fading>();

  get running(): boolean {
    return this.fading.size > 0;
  }

  /** The footprints drawn now: `target` itself unless something fades. */
  shownOf(target: Float32Array): Float32Array {
    return this.shown ?? target;
  }

  grow(capacity: number): void {
    if (!this.shown) return;
    const shown = new Float32Array(capacity).fill(1);
    shown.set(this.shown);
    this.shown = shown;
  }

  /** Keeps what `target` draws now, before slots of it are rewritten to fade to (start). */
  hold(target: Float32Array): void {
    this.shown ??= target.slice();
  }

  /** Slots start..start+count fade to the target's values from now, from what they showed when held (hold) or from 0. */
  start({ start, count }: SlotRange, fromZero: boolean, now: number): void {
    const shown = this.shown;
    if (!shown) throw new Error('FootprintFade.start before hold: what was drawn is gone');
    const from = fromZero ? new Float32Array(count) : shown.slice(start, start + count);
    this.fading.set(start, { count, from, startedAt: now });
    shown.set(from, start);
  }

  /** Slots show `target`'s values at once (placed, freed or moved slots); every fade ends when `all`. */
  settle(target: Float32Array, range: SlotRange | 'all'): void {
    if (range === 'all') {
      this.fading.clear();
      this.shown = undefined;
      return;
    }
    this.fading.delete(range.start);
    this.shown?.set(target.subarray(range.start, range.start + range.count), range.start);
    this.letGoAtRest();
  }

  /** Moves every fade on to `now`; returns the slot ranges whose shown footprints changed. */
  step(target: Float32Array, now: number): SlotRange[] {
    const changed: SlotRange[] = [];
    const shown = this.shown;
    if (!shown) return changed;
    for (const [start, fade] of this.fading) {
      const t = Math.min(1, (now - fade.startedAt) / FOOTPRINT_FADE_MS);
      changed.push({ start, count: fade.count });
      if (t >= 1) {
        // The target itself, not a sum that may miss it by a rounding: the column is let go at rest.
        shown.set(target.subarray(start, start + fade.count), start);
        this.fading.delete(start);
        continue;
      }
      // Smoothstep: no jump at either end.
      const ease = t * t * (3 - 2 * t);
      for (let k = 0; k < fade.count; k++) shown[start + k] = fade.from[k] + (target[start + k] - fade.from[k]) * ease;
    }
    this.letGoAtRest();
    return changed;
  }

  private letGoAtRest(): void {
    if (this.fading.size === 0) this.shown = undefined;
  }
}
