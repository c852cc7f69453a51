/**
 * A binary max-heap of tile ids by importance: the most important tile comes out first. Its arrays
 * are typed and kept: a planner that keeps one queue and clears it each plan allocates nothing once
 * they fit the largest plan.
 */
export class TilePriorityQueue {
  private ids = new Int32Array(64);
  private keys = new Float64Array(64);
  private count = 0;

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.count = 0;
  }

  push(id: number, importance: number): void {
    if (this.count === this.ids.length) this.growTo(this.count * 2);
    const { ids, keys } = this;
    // Sift up by moving parents down into the hole, then write the new tile once where it stops.
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] >= importance) break;
      ids[i] = ids[parent];
      keys[i] = keys[parent];
      i = parent;
    }
    ids[i] = id;
    keys[i] = importance;
  }

  /** The most important tile, or -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const { ids, keys } = this;
    const top = ids[0];
    const n = --this.count;
    if (n > 0) {
      const lastId = ids[n];
      const lastKey = keys[n];
      // Sift the last tile down from the root, as a swap per level would, with one write per level.
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let largest = i;
        let largestKey = lastKey;
        if (left < n && keys[left] > largestKey) {
          largest = left;
          largestKey = keys[left];
        }
        if (right < n && keys[right] > largestKey) {
          largest = right;
          largestKey = keys[right];
        }
        if (largest === i) break;
        ids[i] = ids[largest];
        keys[i] = largestKey;
        i = largest;
      }
      ids[i] = lastId;
      keys[i] = lastKey;
    }
    return top;
  }

  private growTo(length: number): void {
    const ids = new Int32Array(length);
    const keys = new Float64Array(length);
    ids.set(this.ids);
    keys.set(this.keys);
    this.ids = ids;
    this.keys = keys;
  }
}
