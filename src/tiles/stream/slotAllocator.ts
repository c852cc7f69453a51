import type { SlotRange } from '../../stars/starSource';

/**
 * Free ranges of a pool of `capacity` slots, kept sorted by start: allocation takes the first range
 * that is big enough (first fit), freeing merges with the free neighbours. There are never more
 * free ranges than resident tiles + 1, a few thousand at most, so plain arrays are quick enough.
 */
export class SlotAllocator {
  private starts: number[];
  private counts: number[];
  private freeCount = 0;

  constructor(private slots: number) {
    const capacity = slots;
    this.starts = capacity > 0 ? [0] : [];
    this.counts = capacity > 0 ? [capacity] : [];
    this.freeCount = capacity;
  }

  get capacity(): number {
    return this.slots;
  }

  /** Adds slots capacity..newCapacity-1 as free (a star budget that grew); never shrinks. */
  grow(newCapacity: number): void {
    const added = newCapacity - this.slots;
    if (added <= 0) return;
    const old = this.slots;
    this.slots = newCapacity;
    this.release(old, added);
  }

  get freeSlots(): number {
    return this.freeCount;
  }

  get largestFreeRange(): number {
    return this.counts.reduce((largest, count) => Math.max(largest, count), 0);
  }

  /** The free ranges, in slot order. */
  freeRanges(): SlotRange[] {
    return this.starts.map((start, i) => ({ start, count: this.counts[i] }));
  }

  /** First slot of a new range of `count` slots, or -1 when no free range is big enough. */
  allocate(count: number): number {
    if (count === 0) return 0;
    for (let i = 0; i < this.starts.length; i++) {
      if (this.counts[i] < count) continue;
      const start = this.starts[i];
      if (this.counts[i] === count) {
        this.starts.splice(i, 1);
        this.counts.splice(i, 1);
      } else {
        this.starts[i] += count;
        this.counts[i] -= count;
      }
      this.freeCount -= count;
      return start;
    }
    return -1;
  }

  /** Gives a range back; it must have been allocated and not released since. */
  release(start: number, count: number): void {
    if (count === 0) return;
    const { starts, counts } = this;
    let i = 0;
    while (i < starts.length && starts[i] < start) i++;
    const joinsBefore = i > 0 && starts[i - 1] + counts[i - 1] === start;
    const joinsAfter = i < starts.length && start + count === starts[i];
    if (joinsBefore && joinsAfter) {
      counts[i - 1] += count + counts[i];
      starts.splice(i, 1);
      counts.splice(i, 1);
    } else if (joinsBefore) {
      counts[i - 1] += count;
    } else if (joinsAfter) {
      starts[i] = start;
      counts[i] += count;
    } else {
      starts.splice(i, 0, start);
      counts.splice(i, 0, count);
    }
    this.freeCount += count;
  }

  /** Everything free again. */
  reset(): void {
    this.starts = this.capacity > 0 ? [0] : [];
    this.counts = this.capacity > 0 ? [this.capacity] : [];
    this.freeCount = this.capacity;
  }
}
