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

describe('star tiles on the one eviction path (HeldParts)', () => {
  /** Tiles of 100 bytes held against `starBytes`; `kept` tiles are drawn or wanted; `dropped` records what was let go, in order. */
  function tilesHeld(starBytes: number, parts = 1000) {
    const held = new HeldParts({ bytes: parts, caps: { names: parts, outLinks: parts, adjacency: parts } }, starBytes);
    const kept = new Set<number>();
    const dropped: number[] = [];
    const place = (tile: number) => held.holdTile(tile, 100, () => dropped.push(tile), () => kept.has(tile));
    return { held, kept, dropped, place };
  }

  it("lets the tile the planner gave up longest ago go first once the tiles are beyond the drawn stars' bytes", () => {
    const { held, dropped, place } = tilesHeld(300);
    for (const tile of [1, 2, 3]) place(tile);
    // The planner wants 3, then 1 most (least important first): 2 was given up longest ago.
    held.wanted([3, 1], 0);
    place(4);
    expect(dropped).toEqual([2]);
    expect(held.tiles()).toEqual({ bytes: 300, cap: 300 });
  });

  it('never lets a drawn or wanted tile go, even beyond the budget', () => {
    const { held, kept, dropped, place } = tilesHeld(200);
    for (const tile of [1, 2]) place(tile);
    kept.add(1).add(2);
    place(3);
    expect(dropped).toEqual([]);
    expect(held.bytesOf('tiles')).toBe(300);
    // Once the planner gives 1 up, it goes at the next plan.
    kept.delete(1);
    held.wanted([2, 3], 0);
    expect(dropped).toEqual([1]);
    expect(held.tiles().bytes).toBeLessThanOrEqual(200);
  });

  it('counts the tiles on their way against the budget', () => {
    const { held, dropped, place } = tilesHeld(300);
    for (const tile of [1, 2, 3]) place(tile);
    held.wanted([3], 200);
    expect(dropped).toEqual([1, 2]);
    expect(held.tiles()).toEqual({ bytes: 300, cap: 300 });
  });

  it('makes room in the pool from the oldest tiles not kept, never the arriving one', () => {
    const { held, kept, dropped, place } = tilesHeld(1e6);
    for (const tile of [1, 2, 3, 4]) place(tile);
    kept.add(1);
    let free = 0;
    const fits = held.makeRoom(() => free >= 2, 4);
    expect(fits).toBe(false);
    expect(dropped).toEqual([2, 3]);
    free = 2;
    expect(held.makeRoom(() => free >= 2, 4)).toBe(true);
  });

  it('keeps the total within the budget through arrivals, wishes and a smaller star budget', () => {
    const { held, kept, place } = tilesHeld(500);
    for (let tile = 0; tile < 40; tile++) {
      place(tile);
      kept.clear();
      kept.add(tile).add(tile - 1);
      held.wanted([tile - 1, tile], 0);
      expect(held.tiles().bytes).toBeLessThanOrEqual(500);
    }
    held.setStarBytes(200);
    expect(held.tiles().bytes).toBe(200);
  });

  it('holds tiles apart from the parts: neither evicts the other', async () => {
    const { held, dropped, place } = tilesHeld(100, 100);
    const names = cacheOf(held, 'names', 100);
    names.cache.request(1);
    await settle();
    place(1);
    place(2);
    expect(dropped).toEqual([1]);
    expect(names.cache.peek(1)).toBeDefined();
    expect(held.summary().total.bytes).toBe(100);
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
