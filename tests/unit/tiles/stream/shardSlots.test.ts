import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARD_SLOTS_REST_MS, ShardSlots } from '../../../../src/tiles/stream/shardSlots';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A shard k of 8 bytes, all k, unpacked into the slot's buffer; its value is that view. Shards from 100 wait for their gate. */
function slotsOf(keep: number) {
  const reads: number[] = [];
  const buffers = new Set<ArrayBuffer>();
  const gates = new Map<number, () => void>();
  const slots = new ShardSlots<Uint8Array>(async (shard, _signal, room) => {
    reads.push(shard);
    if (shard >= 100) await new Promise<void>((resolve) => gates.set(shard, resolve));
    else await Promise.resolve();
    const bytes = room(8);
    buffers.add(bytes.buffer);
    return bytes.fill(shard % 256);
  }, keep);
  return { slots, reads, buffers, gates };
}

describe('ShardSlots', () => {
  it('reads a shard once for all who ask at the same time, and keeps the last few read', async () => {
    const { slots, reads } = slotsOf(2);
    const sums = await Promise.all([1, 1, 2].map((k) => slots.using(k, (bytes) => bytes.reduce((a, b) => a + b, 0))));
    expect(sums).toEqual([8, 8, 16]);
    expect(reads).toEqual([1, 2]);
    await slots.using(1, () => undefined);
    expect(reads).toEqual([1, 2]);
  });

  it('unpacks shard after shard into the same few buffers', async () => {
    const { slots, buffers } = slotsOf(2);
    for (let k = 0; k < 40; k++) expect(await slots.using(k, (bytes) => Array.from(bytes))).toEqual(new Array(8).fill(k));
    expect(buffers.size).toBe(2);
    expect(slots.slotCount).toBe(2);
  });

  it('hands each use its own shard\'s bytes however reads and uses interleave, with one slot kept', async () => {
    const { slots, gates } = slotsOf(1);
    const shards = Array.from({ length: 12 }, (_, k) => 100 + k);
    const seen = Promise.all(shards.map((k) => slots.using(k, (bytes) => Array.from(bytes))));
    // Open the gates out of order, a few in the same turn, as downloads finish.
    for (const order of [[103, 100], [101], [102, 105, 104], [107, 106], [110, 108, 109], [111]]) {
      for (let i = 0; i < 8 && !order.every((k) => gates.has(k)); i++) await tick();
      for (const k of order) gates.get(k)?.();
      await Promise.resolve();
    }
    expect(await seen).toEqual(shards.map((k) => new Array(8).fill(k)));
    expect(slots.slotCount).toBe(1);
  });

  it('reads at most four shards at once however many tiles are asked for, the rest in turn', async () => {
    const { slots, reads, gates, buffers } = slotsOf(4);
    const all = Promise.all(Array.from({ length: 20 }, (_, k) => slots.using(100 + k, (bytes) => bytes[0])));
    await tick();
    expect(reads).toHaveLength(4);
    for (let opened = 0; opened < 20; opened++) {
      for (let i = 0; i < 8 && !gates.has(100 + opened); i++) await tick();
      gates.get(100 + opened)?.();
      await tick();
    }
    expect(await all).toEqual(Array.from({ length: 20 }, (_, k) => 100 + k));
    expect(buffers.size).toBeLessThanOrEqual(4 + 4);
  });

  it('hands a failure to everyone waiting, and reads the shard again when asked later', async () => {
    let fail = true;
    const reads: number[] = [];
    const slots = new ShardSlots<number>(async (shard, _signal, room) => {
      reads.push(shard);
      await Promise.resolve();
      if (fail) throw new Error(`shard ${shard} is missing`);
      return room(4).length;
    }, 2);
    await expect(Promise.all([slots.using(5, (n) => n), slots.using(5, (n) => n)])).rejects.toThrow(/shard 5 is missing/);
    fail = false;
    expect(await slots.using(5, (n) => n)).toBe(4);
    expect(reads).toEqual([5, 5]);
  });

  describe('at rest', () => {
    afterEach(() => vi.useRealTimers());

    it('lets its buffers go once nothing is read nor used for a while, and reads again when asked', async () => {
      vi.useFakeTimers();
      const { slots, reads } = slotsOf(4);
      await Promise.all([1, 2, 3].map((k) => slots.using(k, (bytes) => bytes[0])));
      expect(slots.slotCount).toBe(3);
      await vi.advanceTimersByTimeAsync(SHARD_SLOTS_REST_MS - 100);
      expect(await slots.using(1, (bytes) => bytes[0])).toBe(1);
      expect(reads).toEqual([1, 2, 3]);
      // The use above started the wait again.
      await vi.advanceTimersByTimeAsync(SHARD_SLOTS_REST_MS - 100);
      expect(slots.slotCount).toBe(3);
      await vi.advanceTimersByTimeAsync(200);
      expect(slots.slotCount).toBe(0);
      expect(await slots.using(2, (bytes) => bytes[0])).toBe(2);
      expect(reads).toEqual([1, 2, 3, 2]);
    });

    it('keeps its buffers while a read is still on its way', async () => {
      vi.useFakeTimers();
      const { slots, gates } = slotsOf(2);
      await slots.using(1, (bytes) => bytes[0]);
      const slow = slots.using(100, (bytes) => bytes[0]);
      await vi.advanceTimersByTimeAsync(2 * SHARD_SLOTS_REST_MS);
      // Shard 1's buffer is still there for the slow read to take (it claims a slot once its bytes are in).
      expect(slots.slotCount).toBe(1);
      gates.get(100)?.();
      expect(await slow).toBe(100);
      await vi.advanceTimersByTimeAsync(SHARD_SLOTS_REST_MS);
      expect(slots.slotCount).toBe(0);
    });
  });
});
