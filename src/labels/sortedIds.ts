/**
 * A set of ids that a scan pass's candidates replace as a whole, asked `has` per name per frame:
 * a kept, sorted copy searched by halves. A Set built per pass grew its table by the candidates
 * added (allocations in the reply's task, every pass of a flight).
 */
export class SortedIds {
  private ids: Uint32Array = new Uint32Array(0);
  private count = 0;
  /** Whether `ids` is this set's own array (take writes into it), not one adopted. */
  private owned = true;

  /** Replaces the ids with `ids` (any order; the caller's array is not changed). */
  take(ids: Uint32Array): void {
    if (!this.owned || this.ids.length < ids.length) this.ids = new Uint32Array(ids.length);
    this.owned = true;
    this.ids.set(ids);
    this.count = ids.length;
    this.ids.subarray(0, this.count).sort();
  }

  /** Replaces the ids with `sorted`, already in ascending order, kept as it is (not copied): the caller must not change it. */
  adopt(sorted: Uint32Array): void {
    this.ids = sorted;
    this.count = sorted.length;
    this.owned = false;
  }

  clear(): void {
    this.count = 0;
  }

  has(id: number): boolean {
    const ids = this.ids;
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = ids[middle];
      if (at === id) return true;
      if (at < id) low = middle + 1;
      else high = middle;
    }
    return false;
  }
}
