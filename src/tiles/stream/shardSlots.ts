import { RestTimer } from '../../timing/restTimer';

/** Reads shard `shard`, unpacking it into `room(bytes)` when it unpacks in place (else into memory of its own). */
export type ReadShardInto<T> = (shard: number, signal: AbortSignal, room: (bytes: number) => Uint8Array<ArrayBuffer>) => Promise<T>;

interface Slot<T> {
  buffer: Uint8Array<ArrayBuffer>;
  /** The shard this slot holds or is being filled with; -1 when empty. */
  shard: number;
  /** Its decoded shard (views of `buffer`), once read. */
  value: T | undefined;
}

/** Uses of shards at once. */
const USES_AT_ONCE = 4;
/** Shards read (downloaded and unpacked) at once: about what a browser downloads from one host at once over HTTP/1.1. */
const READS_AT_ONCE = 4;
/** Slot buffers are sized in steps of this, so that a slot fits the next shard of about the same size. */
const SLOT_GRAIN = 64 << 10;
/**
 * Nothing read nor used for this long: the view rests, and the buffers (about 1.3 MB on a 100k
 * galaxy) are let go rather than held until the next move; a next burst of tiles allocates them again.
 */
export const SHARD_SLOTS_REST_MS = 3_000;

/**
 * The last few shards read, unpacked into a few buffers used again and again, so that a worker
 * reading hundreds of shards leaves no shard-sized garbage. A shard is read once however many ask
 * for it at the same time. Its decoded value views its slot's buffer, so it is valid only inside
 * `using`, which pins the shard it reads until its callback returns: no other shard is unpacked
 * over a pinned one. At most USES_AT_ONCE uses and READS_AT_ONCE reads run at once, the others wait
 * their turn, so that the buffers (and the downloads under them) stay a few however many tiles are
 * asked for at once.
 */
export class ShardSlots<T> {
  /** Least recently used first. */
  private readonly slots: Slot<T>[] = [];
  private readonly pins = new Map<number, number>();
  private readonly pending = new Map<number, Promise<T>>();
  private readonly controller = new AbortController();
  /** Buffers of slots dropped after a moment of many pins, for the next new slots. */
  private readonly spare: Uint8Array<ArrayBuffer>[] = [];
  private readonly uses = new Turns(USES_AT_ONCE);
  private readonly reads = new Turns(READS_AT_ONCE);
  /** Once nothing is read nor used for its time, lets every buffer go. */
  private readonly rest: RestTimer;

  constructor(
    private readonly read: ReadShardInto<T>,
    private readonly keep: number,
    restMs = SHARD_SLOTS_REST_MS,
  ) {
    this.rest = new RestTimer(restMs, () => {
      if (this.busy) return;
      this.slots.length = 0;
      this.spare.length = 0;
    });
  }

  /** Buffers held now (more than `keep` only while more shards than that are pinned or being read). */
  get slotCount(): number {
    return this.slots.length;
  }

  /** Reads (or finds) `shard` and hands its value to `use` at once, not overwritten meanwhile. */
  async using<R>(shard: number, use: (value: T) => R, signal?: AbortSignal): Promise<R> {
    this.rest.cancel();
    await this.uses.take();
    this.pins.set(shard, (this.pins.get(shard) ?? 0) + 1);
    try {
      signal?.throwIfAborted();
      const value = await this.get(shard);
      signal?.throwIfAborted();
      return use(value);
    } finally {
      const left = (this.pins.get(shard) ?? 1) - 1;
      if (left > 0) this.pins.set(shard, left);
      else this.pins.delete(shard);
      this.trim();
      this.uses.give();
      if (!this.busy) this.rest.restart();
    }
  }

  dispose(): void {
    this.rest.cancel();
    this.controller.abort();
    this.slots.length = 0;
    this.spare.length = 0;
  }

  /** A shard is pinned or being read. */
  private get busy(): boolean {
    return this.pins.size > 0 || this.pending.size > 0;
  }

  private get(shard: number): Promise<T> {
    const at = this.slots.findIndex((slot) => slot.shard === shard && slot.value !== undefined);
    if (at >= 0) {
      const [slot] = this.slots.splice(at, 1);
      this.slots.push(slot);
      return Promise.resolve(slot.value as T);
    }
    let pending = this.pending.get(shard);
    if (!pending) {
      let filled: Slot<T> | undefined;
      const room = (bytes: number) => {
        filled = this.claim(shard);
        if (filled.buffer.byteLength < bytes) filled.buffer = new Uint8Array(Math.ceil(bytes / SLOT_GRAIN) * SLOT_GRAIN);
        return filled.buffer.subarray(0, bytes);
      };
      const read = async () => {
        await this.reads.take();
        try {
          return await this.read(shard, this.controller.signal, room);
        } finally {
          this.reads.give();
        }
      };
      pending = read().then(
        (value) => {
          this.pending.delete(shard);
          const slot = filled ?? this.claim(shard);
          slot.value = value;
          return value;
        },
        (error: unknown) => {
          this.pending.delete(shard);
          if (filled) filled.shard = -1;
          throw error;
        },
      );
      this.pending.set(shard, pending);
    }
    return pending;
  }

  /** A slot for `shard`, now the most recently used: the least recently used one not pinned nor being filled, or a new one. */
  private claim(shard: number): Slot<T> {
    const free = this.slots.length < this.keep ? -1 : this.slots.findIndex((slot) => this.reusable(slot));
    const slot = free >= 0 ? this.slots.splice(free, 1)[0] : { buffer: this.spare.pop() ?? new Uint8Array(0), shard: -1, value: undefined };
    slot.shard = shard;
    slot.value = undefined;
    this.slots.push(slot);
    return slot;
  }

  private reusable(slot: Slot<T>): boolean {
    return slot.shard < 0 || (!this.pins.has(slot.shard) && !this.pending.has(slot.shard));
  }

  /** Drops the least recently used reusable slots beyond `keep`, left by a moment when more were pinned. */
  private trim(): void {
    for (let i = 0; i < this.slots.length && this.slots.length > this.keep; ) {
      if (!this.reusable(this.slots[i])) i++;
      else if (this.spare.length < 2 * USES_AT_ONCE) this.spare.push(this.slots.splice(i, 1)[0].buffer);
      else this.slots.splice(i, 1);
    }
  }
}

/** At most `limit` at once; the others wait their turn, first come first served. */
class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Resolves once fewer than `limit` run, counting this one in. */
  async take(): Promise<void> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
