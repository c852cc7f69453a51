import { describe, expect, it } from 'vitest';
import { apportion, holdingBudget, MAX_PART_BYTES } from '../../../../src/tiles/planner/holdingBudget';
import { BYTES_PER_STREAMED_STAR } from '../../../../src/tiles/planner/budgets';
import { FetchCache } from '../../../../src/tiles/stream/fetchCache';
import { HeldParts } from '../../../../src/tiles/stream/heldParts';

/** A byte array of `bytes` as a part, fetched at once. */
function cacheOf(held: HeldParts, kind: 'names' | 'outLinks' | 'adjacency', bytes: number) {
  const arrived: number[] = [];
  const cache = new FetchCache<Uint8Array>({
    holding: held,
    kind,
    sizeOf: (value) => value.byteLength,
    fetch: async () => new Uint8Array(bytes),
    onArrived: (part) => arrived.push(part),
    onFailed: () => undefined,
  });
  return { cache, arrived };
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("a tiled galaxy's one eviction path (HeldParts)", () => {
  it('lets the least recently used part of any kind go once the parts together are beyond the budget', async () => {
    const held = new HeldParts({ bytes: 300, caps: { names: 300, outLinks: 300, adjacency: 300 } });
    const names = cacheOf(held, 'names', 100);
    const links = cacheOf(held, 'outLinks', 100);
    names.cache.request(1);
    await settle();
    links.cache.request(1);
    await settle();
    names.cache.request(2);
    await settle();
    // Name 1 used again: the out-links of tile 1 are now the oldest.
    expect(names.cache.peek(1)).toBeDefined();
    links.cache.request(2);
    await settle();
    expect(links.cache.peek(1)).toBeUndefined();
    expect([names.cache.peek(1), names.cache.peek(2), links.cache.peek(2)].every(Boolean)).toBe(true);
    expect(held.bytes).toBe(300);
    expect(held.summary()).toMatchObject({ names: { bytes: 200 }, outLinks: { bytes: 100 }, total: { bytes: 300, cap: 300 } });
  });

  it('keeps each kind within its cap, from its own oldest parts, while the others borrow what it leaves', async () => {
    const held = new HeldParts({ bytes: 1000, caps: { names: 200, outLinks: 800, adjacency: 800 } });
    const names = cacheOf(held, 'names', 100);
    const whole = cacheOf(held, 'adjacency', 100);
    whole.cache.request(1);
    await settle();
    for (const part of [1, 2, 3]) {
      names.cache.request(part);
      await settle();
    }
    expect(names.cache.peek(1)).toBeUndefined();
    expect(whole.cache.peek(1)).toBeDefined();
    expect(held.bytesOf('names')).toBe(200);
    for (const part of [2, 3, 4, 5, 6, 7, 8]) {
      whole.cache.request(part);
      await settle();
    }
    expect(held.bytesOf('adjacency')).toBe(800);
    expect(held.bytes).toBe(1000);
  });

  it('counts nothing of a disposed holder', async () => {
    const held = new HeldParts({ bytes: 1000, caps: { names: 1000, outLinks: 1000, adjacency: 1000 } });
    const names = cacheOf(held, 'names', 100);
    names.cache.request(1);
    await settle();
    names.cache.dispose();
    expect(held.bytes).toBe(0);
  });
});

describe('the holding budget', () => {
  it("apportions what the device allows: the drawn stars their bytes, names, out-links and adjacency a quarter of it, at most MAX_PART_BYTES", () => {
    const budget = holdingBudget({ backend: 'webgl2', deviceMemoryGiB: 8, cores: 8 });
    expect(budget.parts.bytes).toBe(MAX_PART_BYTES);
    expect(budget.stars.bytes).toBeGreaterThanOrEqual(budget.stars.stars * BYTES_PER_STREAMED_STAR);
    const small = holdingBudget({ backend: 'webgl2', deviceMemoryGiB: 1, cores: 8 });
    expect(small.parts.bytes).toBe(2 ** 30 / 8 / 4);
  });

  it('grows the stars with budget= and leaves the parts as the device has them', () => {
    const device = holdingBudget({ backend: 'webgpu', deviceMemoryGiB: 4, softwareRasteriser: true });
    const asked = holdingBudget({ backend: 'webgpu', deviceMemoryGiB: 4, softwareRasteriser: true }, 2_000_000);
    expect(asked.stars.stars).toBe(2_000_000);
    expect(asked.parts).toEqual(device.parts);
  });

  it('gives each kind a cap, the caps together more than the whole, so that one kind borrows what the others leave', () => {
    const { parts } = apportion({ stars: 100_000, bytes: 100_000 * BYTES_PER_STREAMED_STAR }, 2 ** 30);
    const caps = Object.values(parts.caps);
    expect(Math.max(...caps)).toBeLessThan(parts.bytes);
    expect(caps.reduce((a, b) => a + b, 0)).toBeGreaterThan(parts.bytes);
  });
});
