/** A frame longer than this on the GPU is taken for a jump of the GPU's clock, not for the frame. */
export const MAX_GPU_FRAME_MS = 10_000;

/**
 * A frame's GPU milliseconds from the nanosecond timestamps written at its first pass's start and
 * its last pass's end, or undefined where they cannot be its time: a start of 0 (never written), an
 * end before the start (the counter wrapped or was reset between the two) or a span past
 * MAX_GPU_FRAME_MS (the clock jumped).
 */
export function frameMilliseconds(start: bigint, end: bigint): number | undefined {
  if (start === 0n || end < start) return undefined;
  const ms = Number(end - start) / 1e6;
  return ms <= MAX_GPU_FRAME_MS ? ms : undefined;
}

/**
 * Which of a fixed ring of readback slots wait for their map: a frame takes a free one, its map
 * gives it back. Where none is free the frame goes untimed, so a frame never waits for a map.
 */
export class ReadbackRing {
  private readonly waiting: boolean[];
  private next = 0;

  constructor(readonly size: number) {
    this.waiting = new Array<boolean>(size).fill(false);
  }

  /** A free slot, taken now (the one after the last taken, round the ring), or undefined when every slot waits. */
  take(): number | undefined {
    for (let i = 0; i < this.size; i++) {
      const slot = (this.next + i) % this.size;
      if (this.waiting[slot]) continue;
      this.waiting[slot] = true;
      this.next = (slot + 1) % this.size;
      return slot;
    }
    return undefined;
  }

  /** Gives `slot` back (its map came, or failed). */
  give(slot: number): void {
    this.waiting[slot] = false;
  }

  /** Slots taken and not given back. */
  get taken(): number {
    return this.waiting.filter(Boolean).length;
  }
}
