import type { SlotRange } from '../../stars/starSource';

/** docs/tiles.md#stand-in-stars: how long finer tiles take to grow in while their parent's stand-ins shrink. */
export const FOOTPRINT_FADE_MS = 300;

interface Fading {
  /** The slots whose footprints change (first and how many): a parent's stand-ins change only where a child was drawn or given up. */
  first: number;
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

  /**
   * Slots start..start+count fade to `target`'s values from now, from what they showed when held
   * (hold) or from 0. Only the slots whose value changes fade: the others show their target already,
   * so each step leaves them alone.
   */
  start({ start, count }: SlotRange, fromZero: boolean, now: number, target: Float32Array): void {
    const shown = this.shown;
    if (!shown) throw new Error('FootprintFade.start before hold: what was drawn is gone');
    this.fading.delete(start);
    let first = start;
    let end = start + count;
    if (fromZero) shown.fill(0, start, end);
    else {
      while (first < end && shown[first] === target[first]) first++;
      while (end > first && shown[end - 1] === target[end - 1]) end--;
    }
    if (first === end) {
      this.letGoAtRest();
      return;
    }
    this.fading.set(start, { first, count: end - first, from: shown.slice(first, end), startedAt: now });
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
      const { first, count, from } = fade;
      const t = Math.min(1, (now - fade.startedAt) / FOOTPRINT_FADE_MS);
      changed.push({ start: first, count });
      if (t >= 1) {
        // The target itself, not a sum that may miss it by a rounding: the column is let go at rest.
        shown.set(target.subarray(first, first + count), first);
        this.fading.delete(start);
        continue;
      }
      // Smoothstep: no jump at either end.
      const ease = t * t * (3 - 2 * t);
      for (let k = 0; k < count; k++) shown[first + k] = from[k] + (target[first + k] - from[k]) * ease;
    }
    this.letGoAtRest();
    return changed;
  }

  private letGoAtRest(): void {
    if (this.fading.size === 0) this.shown = undefined;
  }
}
