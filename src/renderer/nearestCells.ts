/**
 * The cells in view, nearest first by the distance from the eye to their box's centre (as a float32,
 * the distance the depth pass's staging has always compared), ties in the order given. Sorted as
 * packed numbers without a comparator: each cell's key is its distance's float32 bits (which order
 * non-negative floats as they compare) times the count plus its place in `ids`, exact in a double
 * while count × 2^32 stays under 2^53. A comparator made the sort call back into script
 * n log n times a frame.
 */
export class NearestCells {
  private keys = new Float64Array(0);
  private distance = new Float32Array(1);
  private distanceBits = new Uint32Array(this.distance.buffer);

  /** Writes the first `count` of `ids` into `order`, nearest first. */
  order(ids: Uint32Array, count: number, bounds: Float32Array, eye: ArrayLike<number>, order: Uint32Array): void {
    if (count > MAX_PACKED) {
      sortedByComparator(ids, count, bounds, eye, order);
      return;
    }
    if (this.keys.length < count) this.keys = new Float64Array(count);
    const keys = this.keys, distance = this.distance, bits = this.distanceBits;
    const cx = eye[0], cy = eye[1], cz = eye[2];
    for (let i = 0; i < count; i++) {
      const b = ids[i] * 6;
      distance[0] = Math.hypot((bounds[b] + bounds[b + 3]) / 2 - cx, (bounds[b + 1] + bounds[b + 4]) / 2 - cy, (bounds[b + 2] + bounds[b + 5]) / 2 - cz);
      keys[i] = bits[0] * count + i;
    }
    const sorted = keys.subarray(0, count).sort();
    for (let i = 0; i < count; i++) order[i] = ids[sorted[i] % count];
  }
}

/** The most cells whose keys pack exactly: 2^32 distance bits times the count under 2^53. */
const MAX_PACKED = 2 ** 21;

function sortedByComparator(ids: Uint32Array, count: number, bounds: Float32Array, eye: ArrayLike<number>, order: Uint32Array): void {
  const distance = new Float32Array(count);
  const place = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const b = ids[i] * 6;
    distance[i] = Math.hypot((bounds[b] + bounds[b + 3]) / 2 - eye[0], (bounds[b + 1] + bounds[b + 4]) / 2 - eye[1], (bounds[b + 2] + bounds[b + 5]) / 2 - eye[2]);
    place[i] = i;
  }
  place.sort((a, b) => distance[a] - distance[b] || a - b);
  for (let i = 0; i < count; i++) order[i] = ids[place[i]];
}
