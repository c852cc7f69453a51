/** The mark of a degree held in the overflow map: it does not fit two bytes. */
const OVERFLOW = 0xffff;

/**
 * A degree per slot at two bytes a slot. The few degrees that do not fit (a galaxy's hubs, linked
 * 65,535 times or more) are kept in a map beside, by slot, and move with their slots.
 */
export class DegreeColumn {
  private values: Uint16Array;
  private readonly overflow = new Map<number, number>();

  constructor(capacity: number) {
    this.values = new Uint16Array(capacity);
  }

  get length(): number {
    return this.values.length;
  }

  /** Degree of a slot (0 for an empty one). */
  at(slot: number): number {
    const value = this.values[slot];
    return value === OVERFLOW ? (this.overflow.get(slot) ?? OVERFLOW) : value;
  }

  /** Slots start.. get `degrees`, one each. */
  write(degrees: ArrayLike<number>, start: number): void {
    this.clearOverflow(start, start + degrees.length);
    for (let k = 0; k < degrees.length; k++) {
      const degree = degrees[k];
      if (degree < OVERFLOW) this.values[start + k] = degree;
      else {
        this.values[start + k] = OVERFLOW;
        this.overflow.set(start + k, degree);
      }
    }
  }

  /** Slots start..end-1 (to the end when not given) read 0. */
  clear(start: number, end = this.values.length): void {
    this.values.fill(0, start, end);
    this.clearOverflow(start, end);
  }

  /** Slots from..from+count-1 move to `to` (down, as the pool compacts: the slots between are empty). */
  move(to: number, from: number, count: number): void {
    this.values.copyWithin(to, from, from + count);
    if (this.overflow.size === 0) return;
    const moved = [...this.overflow].filter(([slot]) => slot >= from && slot < from + count);
    for (const [slot] of moved) this.overflow.delete(slot);
    for (const [slot, degree] of moved) this.overflow.set(to + slot - from, degree);
  }

  /** Room for `capacity` slots, every slot's degree kept. */
  grow(capacity: number): void {
    if (capacity <= this.values.length) return;
    const values = new Uint16Array(capacity);
    values.set(this.values);
    this.values = values;
  }

  private clearOverflow(start: number, end: number): void {
    if (this.overflow.size === 0) return;
    for (const slot of [...this.overflow.keys()]) if (slot >= start && slot < end) this.overflow.delete(slot);
  }
}
