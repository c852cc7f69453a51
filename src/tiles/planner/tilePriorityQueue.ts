/** A binary max-heap of tile ids by importance: the most important tile comes out first. */
export class TilePriorityQueue {
  private ids: number[] = [];
  private keys: number[] = [];

  get size(): number {
    return this.ids.length;
  }

  push(id: number, importance: number): void {
    const { ids, keys } = this;
    let i = ids.length;
    ids.push(id);
    keys.push(importance);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] >= keys[i]) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The most important tile, or -1 when empty. */
  pop(): number {
    const { ids, keys } = this;
    if (ids.length === 0) return -1;
    const top = ids[0];
    const lastId = ids.pop() as number;
    const lastKey = keys.pop() as number;
    if (ids.length > 0) {
      ids[0] = lastId;
      keys[0] = lastKey;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let largest = i;
        if (left < ids.length && keys[left] > keys[largest]) largest = left;
        if (right < ids.length && keys[right] > keys[largest]) largest = right;
        if (largest === i) break;
        this.swap(i, largest);
        i = largest;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    const { ids, keys } = this;
    [ids[a], ids[b]] = [ids[b], ids[a]];
    [keys[a], keys[b]] = [keys[b], keys[a]];
  }
}
