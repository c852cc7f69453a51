import { describe, expect, it } from 'vitest';
import { starSize } from '../../../../src/renderer/starStyle';
import type { DecodedTile } from '../../../../src/tiles/format/tileCodec';
import { mergeRanges } from '../../../../src/tiles/stream/changeBatcher';
import { SlotAllocator } from '../../../../src/tiles/stream/slotAllocator';
import { SlotPool } from '../../../../src/tiles/stream/slotPool';
import { NO_COMMUNITY } from '../../../../src/constellations/constellations';

describe('SlotAllocator', () => {
  it('takes the first free range big enough and merges freed ranges with their free neighbours', () => {
    const slots = new SlotAllocator(100);
    expect([slots.allocate(10), slots.allocate(20), slots.allocate(30)]).toEqual([0, 10, 30]);
    expect(slots.freeSlots).toBe(40);
    slots.release(0, 10);
    expect(slots.allocate(15)).toBe(60); // the hole at 0 holds only 10
    expect(slots.allocate(5)).toBe(0); // first fit
    slots.release(10, 20);
    expect(slots.freeRanges()).toEqual([
      { start: 5, count: 25 },
      { start: 75, count: 25 },
    ]);
    slots.release(0, 5);
    slots.release(30, 30);
    slots.release(60, 15);
    expect(slots.freeRanges()).toEqual([{ start: 0, count: 100 }]);
    expect(slots.largestFreeRange).toBe(100);
  });

  it('says -1 when no free range is big enough, however many slots are free in all', () => {
    const slots = new SlotAllocator(30);
    const [a, , c] = [slots.allocate(10), slots.allocate(10), slots.allocate(10)];
    slots.release(a, 10);
    slots.release(c, 10);
    expect(slots.freeSlots).toBe(20);
    expect(slots.allocate(11)).toBe(-1);
  });
});

/** Tile t holds stars firstStars[t] .. firstStars[t + 1] - 1 at x = star, in-degree = star % 5. */
function tileOf(firstStars: Uint32Array, tile: number): DecodedTile {
  const firstStar = firstStars[tile];
  const count = firstStars[tile + 1] - firstStar;
  const positions = new Float32Array(count * 3);
  const inDegree = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    positions.set([firstStar + k, -k, 7], k * 3);
    inDegree[k] = (firstStar + k) % 5;
  }
  return { tile, firstStar, count, classicIds: new Uint32Array(count), positions, inDegree, outDegree: new Uint32Array(count).fill(2) };
}

describe('SlotPool', () => {
  const firstStars = Uint32Array.from([0, 4, 10, 13, 20]); // 4 tiles: 4, 6, 3 and 7 stars

  it('maps stars to slots and back through each tile\'s first slot, and writes world positions and sizes', () => {
    const pool = new SlotPool(12, firstStars, 4, 2);
    expect(pool.place(tileOf(firstStars, 1))).toEqual({ start: 0, count: 6 });
    expect(pool.place(tileOf(firstStars, 2))).toEqual({ start: 6, count: 3 });
    expect(pool.slotOfStar(4)).toBe(0);
    expect(pool.slotOfStar(12)).toBe(8);
    expect(pool.slotOfStar(0)).toBe(-1); // tile 0 is not resident
    expect(pool.slotOfStar(20)).toBe(-1); // beyond the galaxy
    expect(pool.starOfSlot(8)).toBe(12);
    expect(pool.starOfSlot(10)).toBe(-1);
    expect(Array.from(pool.positions.subarray(8 * 3, 9 * 3))).toEqual([24, -4, 14]);
    expect(pool.sizes[8]).toBeCloseTo(starSize(12 % 5, 4));
    expect(pool.sizes[1]).toBe(30); // star 5 (slot 1) has in-degree 0
    expect(pool.sizes[10]).toBe(0); // an empty slot
    expect(pool.outDegreeOfSlot(3)).toBe(2);
    expect(pool.inDegreeOfSlot(8)).toBe(12 % 5);
  });

  it('empties freed slots and reuses them; a tile finds no range when the free slots are scattered', () => {
    const pool = new SlotPool(12, firstStars, 4, 1);
    pool.place(tileOf(firstStars, 0)); // 0..3
    pool.place(tileOf(firstStars, 2)); // 4..6
    pool.place(tileOf(firstStars, 1)); // 7..12? no: 6 stars need 7..12, only 5 left
    expect(pool.isResident(1)).toBe(false);
    expect(pool.free(0)).toEqual({ start: 0, count: 4 });
    expect(pool.sizes[0]).toBe(0);
    expect(pool.starOfSlot(0)).toBe(-1);
    expect(pool.slotOfStar(1)).toBe(-1);
    expect(pool.freeSlots).toBe(9);
    expect(pool.fits(6)).toBe(false);
    const written = pool.compact();
    expect(written[0]).toEqual({ start: 0, count: 3 });
    expect(pool.fits(9)).toBe(true);
    expect(pool.slotOfStar(11)).toBe(1);
    expect(pool.positions[1 * 3]).toBe(11);
    expect(pool.sizes[3]).toBe(0);
    expect(pool.place(tileOf(firstStars, 1))).toEqual({ start: 3, count: 6 });
    expect(pool.residentTiles()).toEqual([1, 2]);
    expect(pool.residentStarCount).toBe(9);
  });

  it('keeps each slot\'s community with its star through placing, freeing and compacting, NO_COMMUNITY when empty or unknown', () => {
    const pool = new SlotPool(20, firstStars, 4, 1);
    const withCommunities = (tile: number) => {
      const decoded = tileOf(firstStars, tile);
      return { ...decoded, communities: Uint32Array.from({ length: decoded.count }, (_, k) => 100 * tile + k) };
    };
    expect(Array.from(pool.communities).every((c) => c === NO_COMMUNITY)).toBe(true);
    pool.place(withCommunities(0)); // slots 0..3
    pool.place(withCommunities(1)); // 4..9
    pool.place(tileOf(firstStars, 2)); // 10..12, a tile that carries none
    expect(Array.from(pool.communities.subarray(0, 13))).toEqual([0, 1, 2, 3, 100, 101, 102, 103, 104, 105, NO_COMMUNITY, NO_COMMUNITY, NO_COMMUNITY]);
    expect(pool.communityOfStar(5)).toBe(101);
    expect(pool.communityOfStar(11)).toBeUndefined();
    pool.free(0);
    expect(Array.from(pool.communities.subarray(0, 4))).toEqual([NO_COMMUNITY, NO_COMMUNITY, NO_COMMUNITY, NO_COMMUNITY]);
    expect(pool.communityOfStar(1)).toBeUndefined();
    pool.compact();
    expect(pool.slotOfStar(4)).toBe(0);
    expect(Array.from(pool.communities.subarray(0, 6))).toEqual([100, 101, 102, 103, 104, 105]);
    expect(Array.from(pool.communities.subarray(9))).toEqual(new Array(11).fill(NO_COMMUNITY));
  });

  it('holds 28 bytes a slot (positions 12, size, footprint and community 4 each, degrees 2 each): a slot\'s star comes from its tile, through placing, freeing, compacting and growing', () => {
    const pool = new SlotPool(20, firstStars, 4, 1);
    const bytesPerSlot = () => {
      const buffers = new Set<ArrayBufferLike>();
      const walk = (value: unknown, depth: number): void => {
        if (ArrayBuffer.isView(value)) {
          if (value.byteLength >= pool.capacity) buffers.add(value.buffer);
        } else if (depth > 0 && typeof value === 'object' && value !== null) for (const inner of Object.values(value)) walk(inner, depth - 1);
      };
      walk(pool, 2);
      return [...buffers].reduce((bytes, buffer) => bytes + buffer.byteLength, 0) / pool.capacity;
    };
    const starsOfSlots = () => Array.from({ length: pool.capacity }, (_, slot) => pool.starOfSlot(slot));
    pool.place(tileOf(firstStars, 2)); // slots 0..2: stars 10..12
    pool.place(tileOf(firstStars, 0)); // 3..6: stars 0..3
    pool.place(tileOf(firstStars, 3)); // 7..13: stars 13..19
    expect(starsOfSlots()).toEqual([10, 11, 12, 0, 1, 2, 3, 13, 14, 15, 16, 17, 18, 19, -1, -1, -1, -1, -1, -1]);
    pool.free(0);
    expect(starsOfSlots().slice(0, 8)).toEqual([10, 11, 12, -1, -1, -1, -1, 13]);
    pool.compact();
    expect(starsOfSlots().slice(0, 11)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, -1]);
    pool.grow(30);
    pool.place(tileOf(firstStars, 1)); // 10..15: stars 4..9
    expect(starsOfSlots().slice(9, 17)).toEqual([19, 4, 5, 6, 7, 8, 9, -1]);
    expect([pool.starOfSlot(-1), pool.starOfSlot(30)]).toEqual([-1, -1]);
    expect(bytesPerSlot()).toBe(28);
  });

  it('keeps a degree that does not fit two bytes with its star through freeing, compacting and growing', () => {
    const pool = new SlotPool(20, firstStars, 4, 1);
    const hub = (tile: number, degree: number) => {
      const decoded = tileOf(firstStars, tile);
      decoded.inDegree[1] = degree;
      decoded.outDegree[0] = degree + 1;
      return decoded;
    };
    pool.place(hub(0, 70_000)); // slots 0..3: star 1 in-degree 70,000, star 0 out-degree 70,001
    pool.place(hub(1, 65_535)); // 4..9: star 5 in-degree 65,535, star 4 out-degree 65,536
    pool.place(tileOf(firstStars, 2)); // 10..12
    const degrees = (star: number) => [pool.inDegreeOfSlot(pool.slotOfStar(star)), pool.outDegreeOfSlot(pool.slotOfStar(star))];
    expect([degrees(0), degrees(1), degrees(4), degrees(5)]).toEqual([[0, 70_001], [70_000, 2], [4, 65_536], [65_535, 2]]);
    pool.free(0);
    expect([pool.inDegreeOfSlot(1), pool.outDegreeOfSlot(0)]).toEqual([0, 0]);
    pool.compact(); // tile 1 moves to 0..5, tile 2 to 6..8
    expect([degrees(4), degrees(5), pool.inDegreeOfSlot(9), pool.outDegreeOfSlot(9)]).toEqual([[4, 65_536], [65_535, 2], 0, 0]);
    pool.grow(30);
    pool.place(hub(3, 100_000)); // 9..15
    expect([degrees(4), degrees(14)]).toEqual([[4, 65_536], [100_000, 2]]);
    expect(degrees(13)).toEqual([13 % 5, 100_001]);
  });
});

describe('a pool that grows with the star budget', () => {
  const firstStars = Uint32Array.from([0, 4, 10, 13, 20]);

  it('keeps every placed star in its slot and adds the new slots as free, joined to a free end', () => {
    const pool = new SlotPool(10, firstStars, 4, 1);
    pool.place(tileOf(firstStars, 0)); // 0..3
    pool.place(tileOf(firstStars, 1)); // 4..9
    expect(pool.fits(3)).toBe(false);
    const positions = pool.positions;
    expect(pool.grow(20)).toBe(true);
    expect(pool.capacity).toBe(20);
    expect(pool.positions).not.toBe(positions);
    expect(pool.positions.length).toBe(60);
    expect(pool.slotOfStar(7)).toBe(7);
    expect(pool.positions[7 * 3]).toBe(7);
    expect(pool.starOfSlot(15)).toBe(-1);
    expect(pool.sizes[15]).toBe(0);
    pool.free(1);
    expect(pool.fits(16)).toBe(true); // the freed 4..9 and the new 10..19 are one range
    expect(pool.place(tileOf(firstStars, 3))).toEqual({ start: 4, count: 7 });
    expect(pool.grow(15)).toBe(false);
    expect(pool.capacity).toBe(20);
  });
});

describe('mergeRanges', () => {
  it('sorts written ranges and joins the ones that overlap or touch', () => {
    expect(
      mergeRanges([
        { start: 10, count: 5 },
        { start: 0, count: 3 },
        { start: 3, count: 2 },
        { start: 12, count: 10 },
        { start: 40, count: 0 },
      ]),
    ).toEqual([
      { start: 0, count: 5 },
      { start: 10, count: 12 },
    ]);
  });

});
