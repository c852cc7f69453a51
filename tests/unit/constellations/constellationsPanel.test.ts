import { describe, expect, it } from 'vitest';
import type { CommunitiesJson, CommunityLevelJson } from '../../../src/communities/format';
import { constellationColour, cssColour } from '../../../src/constellations/constellationColour';
import { constellationFlight, galaxySpread, NEAREST_FLIGHT_DISTANCE } from '../../../src/constellations/constellationFlight';
import { constellationMembers, starConstellations } from '../../../src/constellations/constellationMembers';
import { Constellations, NO_COMMUNITY } from '../../../src/constellations/constellations';
import { constellationsInView, FEWEST_IN_VIEW, inView } from '../../../src/constellations/constellationsInView';
import { CONSTELLATION_PALETTE } from '../../../src/constellations/palette';
import { presentConstellation } from '../../../src/constellations/presentConstellation';
import { nameWithoutSize } from '../../../src/ecosystems/constellationName';
import type { CameraPose } from '../../../src/renderer/camera';

function level(fields: Partial<CommunityLevelJson> & Pick<CommunityLevelJson, 'size' | 'centre'>): CommunityLevelJson {
  const count = fields.size.length;
  return { count, resolution: 1, modularity: 0.5, unlinked: null, name: fields.size.map((s, c) => `c${c} · ${s} packages`), top: fields.size.map(() => []), ...fields };
}

/**
 * 10 stars. Finest: 0 {0,1,2} 1 {3,4} 2 {5,6} 3 {7} 4 {8,9 unlinked}. Top: 0 {c0, c2} (5 stars),
 * 1 {c1} (2 stars, the same stars as finest 1), 2 {c3} (1), 3 {c4 unlinked} (2).
 */
const file: CommunitiesJson = {
  format: 1,
  stars: 10,
  seed: 1,
  levels: [
    level({
      size: [3, 2, 2, 1, 2],
      centre: [0, 0, -100, 50, 0, -100, 0, 30, -100, 0, 0, 100, 0, 0, 0],
      parent: [0, 1, 0, 2, 3],
      unlinked: 4,
      name: ['react · react-dom · 3 packages', 'lodash · 2 packages', 'vue · 2 packages', 'x · 1 package', 'Unlinked · 2 packages'],
    }),
    level({ size: [5, 2, 1, 2], centre: [0, 20, -100, 50, 0, -100, 0, 0, 100, 0, 0, 0], unlinked: 3 }),
  ],
};
const constellations = new Constellations(file);
const finestOf = [0, 0, 0, 1, 1, 2, 2, 3, 4, 4];
/** At the origin looking down -Z (the identity orientation). */
const lookingDownZ: CameraPose = { position: [0, 0, 0], orientation: [0, 0, 0, 1] };

describe('constellations in view', () => {
  it('sees points in front within the 45° field of view, widened by the aspect', () => {
    expect(inView({ pose: lookingDownZ, aspect: 1 }, [0, 0, -100])).toBe(true);
    expect(inView({ pose: lookingDownZ, aspect: 1 }, [0, 0, 100])).toBe(false);
    // tan(22.5°) ≈ 0.414: 50 across at 100 away is outside a square view, inside a wide one.
    expect(inView({ pose: lookingDownZ, aspect: 1 }, [50, 0, -100])).toBe(false);
    expect(inView({ pose: lookingDownZ, aspect: 2 }, [50, 0, -100])).toBe(true);
    expect(inView({ pose: lookingDownZ, aspect: 2 }, [0, 50, -100])).toBe(false);
  });

  it('lists the top level’s centres in view, biggest first, never the unlinked stars', () => {
    const farBack: CameraPose = { position: [0, 0, 2000], orientation: [0, 0, 0, 1] };
    const listed = constellationsInView(constellations.levels, { pose: farBack, aspect: 1, scale: 1 }, 12, 1);
    expect(listed).toEqual({ level: 1, ids: [0, 1, 2] });
  });

  it('goes to a finer level where too few of the top level are in view', () => {
    // Only top 0 (centre 0,20,-100) is in view from the origin; finest 0 and 2 are too.
    const listed = constellationsInView(constellations.levels, { pose: lookingDownZ, aspect: 1, scale: 1 }, 12, 2);
    expect(listed).toEqual({ level: 0, ids: [0, 2] });
  });

  it('applies the scene scale to the centres', () => {
    const listed = constellationsInView(constellations.levels, { pose: lookingDownZ, aspect: 1, scale: -1 }, 12, 1);
    // Mirrored, top 2 (0,0,100) is now in front, and alone.
    expect(listed).toEqual({ level: 1, ids: [2] });
  });

  it('lists at most as many as asked', () => {
    const farBack: CameraPose = { position: [0, 0, 2000], orientation: [0, 0, 0, 1] };
    expect(constellationsInView(constellations.levels, { pose: farBack, aspect: 1, scale: 1 }, 2, 1).ids).toEqual([0, 1]);
    expect(FEWEST_IN_VIEW).toBeGreaterThan(1);
  });
});

describe('the flight to a constellation', () => {
  /** Two finest communities of 4 stars each at ±1000 on x (and the unlinked stars, which do not count). */
  const spread: CommunitiesJson = {
    format: 1,
    stars: 10,
    seed: 1,
    levels: [level({ size: [4, 4, 2], centre: [-1000, 0, 0, 1000, 0, 0, 99999, 0, 0], unlinked: 2 })],
  };

  it('tells how far the linked stars spread from the finest level’s centres', () => {
    expect(galaxySpread(new Constellations(spread).levels[0])).toBeCloseTo(1000, 6);
  });

  it('goes towards the centre times the scale, stopping where a ball of its share of the stars fills the view', () => {
    const far: [number, number, number] = [0, 0, 1e6];
    const flight = constellationFlight(new Constellations(spread), { level: 0, id: 1 }, 2, far);
    expect(flight?.target).toEqual([2000, 0, 0]);
    // 4 of 10 stars: radius 1000 × 2 × ∛0.4, seen whole from that over tan 22.5°.
    expect(flight?.distance).toBeCloseTo((2000 * Math.cbrt(0.4)) / Math.tan(Math.PI / 8), 3);
  });

  it('never backs away from a constellation, nor comes nearer than a flight to a star', () => {
    expect(constellationFlight(new Constellations(spread), { level: 0, id: 1 }, 1, [1000, 0, 500])?.distance).toBeCloseTo(500, 6);
    expect(constellationFlight(new Constellations(spread), { level: 0, id: 1 }, 1, [1000, 0, 0])?.distance).toBe(NEAREST_FLIGHT_DISTANCE);
    expect(constellationFlight(new Constellations(spread), { level: 5, id: 0 }, 1, [0, 0, 0])).toBeUndefined();
  });
});

describe('a constellation’s stars', () => {
  it('marks the members of a community at any level', () => {
    const communityOf = (star: number) => finestOf[star];
    expect(Array.from(constellationMembers(constellations, communityOf, 10, { level: 1, id: 0 }))).toEqual([1, 1, 1, 0, 0, 1, 1, 0, 0, 0]);
    expect(Array.from(constellationMembers(constellations, communityOf, 10, { level: 0, id: 1 }))).toEqual([0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
  });

  it('leaves out stars whose community is not known', () => {
    const communityOf = (star: number) => (star < 2 ? undefined : star === 2 ? NO_COMMUNITY : finestOf[star]);
    expect(Array.from(constellationMembers(constellations, communityOf, 10, { level: 1, id: 0 }))).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 0, 0]);
  });

  it('names a star’s constellations top level first, without a level that repeats the same stars', () => {
    expect(starConstellations(constellations, 0)).toEqual([
      { level: 1, id: 0 },
      { level: 0, id: 0 },
    ]);
    // Finest 1 and top 1 hold the same two stars: shown once, at the top level.
    expect(starConstellations(constellations, 1)).toEqual([{ level: 1, id: 1 }]);
    expect(starConstellations(constellations, NO_COMMUNITY)).toEqual([]);
    expect(starConstellations(constellations, 99)).toEqual([]);
  });
});

describe('a constellation as panels show it', () => {
  it('gives its name without the size it ends with, its size in the ecosystem’s words and its colour', () => {
    expect(presentConstellation(constellations, 'npm', { level: 0, id: 0 })).toEqual({
      ref: { level: 0, id: 0 },
      name: 'react · react-dom',
      fullName: 'react · react-dom · 3 packages',
      size: '3 packages',
      colour: cssColour(CONSTELLATION_PALETTE[0]),
    });
    expect(presentConstellation(constellations, 'npm', { level: 0, id: 3 }).size).toBe('1 package');
    expect(presentConstellation(constellations, 'github', { level: 0, id: 3 }).size).toBe('1 account');
  });

  it('keeps a name that does not end with its size', () => {
    expect(nameWithoutSize('react · react-dom', '3 packages')).toBe('react · react-dom');
    expect(nameWithoutSize(' · 3 packages', '3 packages')).toBe(' · 3 packages');
  });

  it('colours by the level’s colour list where there is one, else by size rank round the palette', () => {
    expect(constellationColour({}, 0)).toBe(CONSTELLATION_PALETTE[0]);
    expect(constellationColour({}, CONSTELLATION_PALETTE.length + 1)).toBe(CONSTELLATION_PALETTE[1]);
    expect(constellationColour({ colour: [5, 2] }, 1)).toBe(CONSTELLATION_PALETTE[2]);
    expect(cssColour(0x12ab34ff)).toBe('#12ab34');
    expect(cssColour(0x000000ff)).toBe('#000000');
  });
});
