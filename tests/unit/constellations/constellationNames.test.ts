import { mat4, quat } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { constellationLevel, type ConstellationLevel } from '../../../src/constellations/constellationLevel';
import {
  childListsOf,
  chooseConstellations,
  CONSTELLATION_MAX_SPAN,
  CONSTELLATION_MIN_SPAN,
  constellationTree,
  spanStrength,
} from '../../../src/constellations/constellationNames';

function level(count: number, size: ArrayLike<number>, centre: ArrayLike<number>, parent?: ArrayLike<number>): ConstellationLevel {
  return constellationLevel({
    count,
    resolution: 1,
    modularity: 0.5,
    unlinked: null,
    size: Array.from(size),
    centre: Array.from(centre),
    ...(parent && { parent: Array.from(parent) }),
    name: Array.from({ length: count }, (_, c) => `c${count}-${c}`),
    top: Array.from(size, () => []),
  });
}

/**
 * Two constellations far apart on the x axis (at ±1000), each of two communities 200 apart
 * (finest level), 100 stars each: a galaxy of radius 1200.
 */
const levels = [
  level(4, [100, 100, 100, 100], [-1100, 0, 0, -900, 0, 0, 900, 0, 0, 1100, 0, 0], [0, 0, 1, 1]),
  level(2, [200, 200], [-1000, 0, 0, 1000, 0, 0]),
];
const galaxy = { centre: [0, 0, 0], radius: 1200 };

/** A 1000 x 1000 CSS px view from `z` on the z axis looking down -z (45 degree field of view). */
function viewFrom(position: [number, number, number]) {
  const projection = mat4.perspective(mat4.create(), Math.PI / 4, 1, 1, 1e6);
  const view = mat4.invert(mat4.create(), mat4.fromRotationTranslation(mat4.create(), quat.create(), position))!;
  return { viewProjection: mat4.multiply(mat4.create(), projection, view), cssWidth: 1000, cssHeight: 1000, focalCssPx: 500 * projection[5] };
}

const chosen = (position: [number, number, number]) => chooseConstellations(constellationTree({ levels }, 1, galaxy), viewFrom(position), 10).map((c) => c.name).sort();

describe('the communities\' children', () => {
  it('are each community\'s children in order, in one list a level, whatever order the parents come in; a parent out of range has none', () => {
    const { start, list } = childListsOf([2, 0, 2, 1, 0, 7, -1], 3);
    const of = (c: number) => [...list.subarray(start[c], start[c + 1])];
    expect([of(0), of(1), of(2)]).toEqual([[1, 4], [3], [0, 2]]);
    expect(list).toHaveLength(5);
    const tree = constellationTree({ levels }, 1, { centre: [0, 0, 0], radius: 1200 });
    expect(tree.children.map((lists) => lists.start.length)).toEqual(levels.map((l) => l.count + 1));
  });
});

describe('which constellations are named', () => {
  it('estimates radii from the galaxy and the level below, scaled as stars are', () => {
    const tree = constellationTree({ levels }, 2, galaxy);
    expect(tree.centres[1][0]).toBe(-2000);
    // Finest: a ball as dense as the galaxy, 1200 × (100/400)^(1/3).
    expect(tree.radii[0][0]).toBeCloseTo(1200 * Math.cbrt(0.25), 6);
    // Top: its children's spread (200 apart at scale 2, so 200 from the centre) with their own radii.
    expect(tree.radii[1][0]).toBeCloseTo(Math.max(1200 * Math.cbrt(0.5), Math.sqrt(200 ** 2 + tree.radii[0][0] ** 2)), 6);
  });

  it('names the top level from afar, finer levels nearer, nothing once all are too big or too small', () => {
    // From far away the top constellations are small dots; nearer they span a good part of the screen.
    expect(chosen([0, 0, 200_000])).toEqual([]);
    expect(chosen([0, 0, 9000])).toEqual(['c2-0', 'c2-1']);
    // Close to the right-hand constellation: its children are named, the left one is behind or too small.
    const near = chosen([1000, 0, 2600]);
    expect(near).toEqual(expect.arrayContaining(['c4-2', 'c4-3']));
    expect(near).not.toContain('c2-1');
  });

  it('never names a top level\'s gathering of small parts (no resolution, more than one child), only its children', () => {
    // Three finest communities: one kept as it is, two gathered into one top-level community.
    const gathered = [
      level(3, [100, 100, 100], [-1000, 0, 0, 900, 0, 0, 1100, 0, 0], [1, 0, 0]),
      { ...level(2, [200, 100], [1000, 0, 0, -1000, 0, 0]), resolution: null },
    ];
    const tree = constellationTree({ levels: gathered }, 1, galaxy);
    expect(Array.from(tree.diffuse[1])).toEqual([1, 0]);
    expect(tree.diffuse[0].every((thin) => thin === 0)).toBe(true);
  });

  it('never names a community whose centre is behind the camera or off screen', () => {
    expect(chosen([0, 0, -9000])).toEqual([]);
    expect(chosen([50_000, 0, 9000])).toEqual([]);
  });

  it('fades a name in and out at the ends of its range of spans', () => {
    expect(spanStrength(CONSTELLATION_MIN_SPAN * 0.99)).toBe(0);
    expect(spanStrength(CONSTELLATION_MAX_SPAN * 1.01)).toBe(0);
    expect(spanStrength(Math.sqrt(CONSTELLATION_MIN_SPAN * CONSTELLATION_MAX_SPAN))).toBe(1);
    const ramp = [1.0, 1.05, 1.1, 1.2, 1.3].map((f) => spanStrength(CONSTELLATION_MIN_SPAN * f));
    for (let i = 1; i < ramp.length; i++) expect(ramp[i]).toBeGreaterThanOrEqual(ramp[i - 1]);
    expect(ramp[0]).toBeLessThan(0.05);
  });

  it('cross-fades levels: as a community fades for being too big, its children in range are at least as strong as it has grown faint', () => {
    const tree = constellationTree({ levels }, 1, galaxy);
    let faded = 0;
    for (let z = 9000; z > 1500; z -= 50) {
      const names = chooseConstellations(tree, viewFrom([1000, 0, z]), 10);
      const parent = names.find((c) => c.level === 1 && c.id === 1);
      const children = names.filter((c) => c.level === 0);
      if (!parent || parent.strength >= 1 || children.length === 0) continue;
      faded++;
      for (const child of children) expect(child.strength).toBeGreaterThanOrEqual(1 - parent.strength - 1e-9);
    }
    expect(faded).toBeGreaterThan(0);
  });

  it('keeps a community that is too big at full strength while none of its children is in range', () => {
    // Two tiny finest communities 600 either side of their top one's centre, beside a big one: where
    // the top one nears the top of its range, they are still far too small to be named.
    const tight = [
      level(3, [1, 1, 10_000], [400, 0, 0, 1600, 0, 0, -1000, 0, 0], [0, 0, 1]),
      level(2, [2, 10_000], [1000, 0, 0, -1000, 0, 0]),
    ];
    const tree = constellationTree({ levels: tight }, 1, galaxy);
    let near = 0;
    for (let z = 12_000; z > 1000; z -= 100) {
      const names = chooseConstellations(tree, viewFrom([1000, 0, z]), 10);
      const top = names.find((c) => c.level === 1 && c.id === 0);
      // Near the top of its range (where it would fade), with no child named.
      if (!top || top.span < 0.6 || names.some((c) => c.level === 0 && c.id < 2)) continue;
      near++;
      expect(spanStrength(top.span), `from ${z}`).toBeLessThan(1);
      expect(top.strength, `from ${z}`).toBe(1);
    }
    expect(near).toBeGreaterThan(0);
  });

  it('names a community carried up a level unchanged (one child) once, as its child', () => {
    const carried = [
      level(3, [100, 100, 200], [-1100, 0, 0, -900, 0, 0, 1000, 0, 0], [0, 0, 1]),
      level(2, [200, 200], [-1000, 0, 0, 1000, 0, 0]),
    ];
    const tree = constellationTree({ levels: carried }, 1, galaxy);
    for (let z = 12_000; z > 1500; z -= 250) {
      const names = chooseConstellations(tree, viewFrom([1000, 0, z]), 10).map((c) => c.name);
      expect(names).not.toContain('c2-1');
    }
    expect(chooseConstellations(tree, viewFrom([0, 0, 9000]), 10).map((c) => c.name).sort()).toEqual(['c2-0', 'c3-2']);
  });

  it('leaves out the unlinked stars and a community spread over most of the galaxy', () => {
    const withUnlinked = [level(4, levels[0].size, levels[0].centre, levels[0].parent), { ...level(2, [200, 200], [-1000, 0, 0, 1000, 0, 0]), unlinked: 1 }];
    const tree = constellationTree({ levels: withUnlinked }, 1, galaxy);
    expect(chooseConstellations(tree, viewFrom([0, 0, 9000]), 10).map((c) => c.name)).toEqual(['c2-0']);
    // A big compact constellation at the centre, and one of two tiny parts at either end of the galaxy.
    const spread = constellationTree(
      { levels: [level(3, [1000, 5, 5], [0, 0, 0, -1000, 0, 0, 1000, 0, 0], [0, 1, 1]), level(2, [1000, 10], [0, 0, 0, 0, 0, 0])] },
      1,
      galaxy,
    );
    expect(spread.diffuse[1][1]).toBe(1);
    // The compact one is named once, as its one child (the same stars).
    expect(chooseConstellations(spread, viewFrom([0, 0, 9000]), 10).map((c) => c.name)).toEqual(['c3-0']);
  });
});
