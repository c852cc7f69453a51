import { describe, expect, it } from 'vitest';
import { hiddenStarsByOctant, MAX_STAND_IN_FOOTPRINT, standInFootprints, subtreeStars } from '../../../../src/tiles/stream/standInFootprints';

/**
 * A root of side 16 at the origin with two children: octant 0 (x, y, z below 8) and octant 1
 * (x above 8); child 1 has one child of its own. Star counts: root 8, children 2 and 4, grandchild 90.
 */
const hierarchy = {
  tileCount: 4,
  parent: Int32Array.from([-1, 0, 0, 2]),
  firstChild: Uint32Array.from([1, 0, 3, 0]),
  childCount: Uint8Array.from([2, 0, 1, 0]),
  starCount: Uint32Array.from([8, 2, 4, 90]),
  boxes: Float32Array.from([0, 0, 0, 16, 16, 16, 0, 0, 0, 8, 8, 8, 8, 0, 0, 16, 8, 8, 8, 0, 0, 12, 4, 4]),
};

/** The root's 8 stars: 4 in octant 0, 2 in octant 1, 2 in octant 6 (upper y and z, where no child is). */
const rootStars = Float32Array.from([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 9, 1, 1, 10, 2, 2, 1, 9, 9, 2, 10, 10]);
const rootBox = hierarchy.boxes.subarray(0, 6);

function footprintsOfRoot(drawn: number[]): number[] {
  const isDrawn = new Uint8Array(4);
  for (const t of drawn) isDrawn[t] = 1;
  const into = new Float32Array(8);
  standInFootprints(rootStars, 8, rootBox, hiddenStarsByOctant(hierarchy, 0, subtreeStars(hierarchy), isDrawn), into, 0);
  return [...into];
}

describe('stand-in footprints (docs/tiles.md#stand-in-stars)', () => {
  it('counts the stars of every subtree', () => {
    expect([...subtreeStars(hierarchy)]).toEqual([104, 2, 94, 90]);
  });

  it('widens a drawn tile star by the square root of the stars it stands for, per octant, so that a coarse region has about the area of lit pixels a fine one has', () => {
    // Root alone: octant 0's 4 stars stand for themselves and child 1's 2 stars: area 6/4;
    // octant 1's 2 stand for themselves and the 94 stars under child 2: area 48, capped.
    const alone = footprintsOfRoot([0]);
    expect(alone.slice(0, 4)).toEqual(Array(4).fill(Math.fround(Math.sqrt(6 / 4))));
    expect(alone.slice(4, 6)).toEqual([MAX_STAND_IN_FOOTPRINT, MAX_STAND_IN_FOOTPRINT]);
    // No child in octant 6: nothing hidden there.
    expect(alone.slice(6)).toEqual([1, 1]);
  });

  it('stands for nothing where the child is drawn: the finer tile draws those stars itself', () => {
    const refined = footprintsOfRoot([0, 1, 2]);
    expect(refined).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    const half = footprintsOfRoot([0, 2]);
    expect(half.slice(0, 4)).toEqual(Array(4).fill(Math.fround(Math.sqrt(6 / 4))));
    expect(half.slice(4)).toEqual([1, 1, 1, 1]);
  });

  it('gives the light of the hidden stars to the drawn ones: the weights add up to the stars of the region', () => {
    // Child 2 drawn alone under the root: its 4 stars all in one octant of it, over the grandchild's 90.
    const isDrawn = Uint8Array.from([1, 0, 1, 0]);
    const childStars = Float32Array.from([9, 1, 1, 9.5, 1, 1, 10, 1, 1, 11, 1, 1]);
    const into = new Float32Array(4);
    standInFootprints(childStars, 4, hierarchy.boxes.subarray(12, 18), hiddenStarsByOctant(hierarchy, 2, subtreeStars(hierarchy), isDrawn), into, 0);
    const area = [...into].reduce((sum, k) => sum + k * k, 0);
    expect(area).toBeCloseTo(MAX_STAND_IN_FOOTPRINT ** 2 * 4, 3); // 94 stars, capped at 16 each
  });
});
