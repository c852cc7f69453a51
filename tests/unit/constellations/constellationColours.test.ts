import { describe, expect, it } from 'vitest';
import { baseStarColour, constellationMembers, dimmed, finestCommunityColours } from '../../../src/constellations/colourRule';
import { Constellations, NO_COMMUNITY } from '../../../src/constellations/constellations';
import { CONSTELLATION_PALETTE } from '../../../src/constellations/palette';
import { DEFAULT_STAR_COLOR } from '../../../src/renderer/starAttributes';
import { GalaxyScene } from '../../../src/scene/galaxyScene';
import type { StarSourceChange } from '../../../src/stars/starSource';
import { WholeGalaxyStars } from '../../../src/stars/wholeGalaxyStars';
import { communitiesFile, STAR_COMMUNITIES } from '../../support/communityFixtures';
import { recordingRenderer } from '../../support/recordingRenderer';

const WHITE = DEFAULT_STAR_COLOR;

function bytesOf(colour: number): number[] {
  return [(colour >>> 24) & 255, (colour >>> 16) & 255, (colour >>> 8) & 255, colour & 255];
}

describe('the colour rule of constellations', () => {
  it('colours each finest community by its top-level constellation, from the file’s colours; unlinked stars stay white', () => {
    const colours = finestCommunityColours(new Constellations(communitiesFile({ colour: [5, 7, 1] })), true)!;
    expect([...colours]).toEqual([CONSTELLATION_PALETTE[5], CONSTELLATION_PALETTE[5], CONSTELLATION_PALETTE[7], WHITE]);
  });

  it('falls back to the size order (ids are by size) when the file has no colours', () => {
    const colours = finestCommunityColours(new Constellations(communitiesFile()), true)!;
    expect([...colours]).toEqual([CONSTELLATION_PALETTE[0], CONSTELLATION_PALETTE[0], CONSTELLATION_PALETTE[1], WHITE]);
  });

  it('leaves every star white with colour off, without constellations, and for an unknown community', () => {
    const constellations = new Constellations(communitiesFile());
    expect(finestCommunityColours(constellations, false)).toBeUndefined();
    expect(finestCommunityColours(undefined, true)).toBeUndefined();
    const colours = finestCommunityColours(constellations, true);
    expect(baseStarColour(colours, NO_COMMUNITY)).toBe(WHITE);
    expect(baseStarColour(colours, 99)).toBe(WHITE);
    expect(baseStarColour(undefined, 0)).toBe(WHITE);
    expect(baseStarColour(colours, 2)).toBe(CONSTELLATION_PALETTE[1]);
  });

  it('finds the finest communities inside a constellation of any level', () => {
    const constellations = new Constellations(communitiesFile());
    expect([...constellationMembers(constellations, { level: 1, id: 0 })]).toEqual([1, 1, 0, 0]);
    expect([...constellationMembers(constellations, { level: 0, id: 2 })]).toEqual([0, 0, 1, 0]);
    expect([...constellationMembers(constellations, { level: 7, id: 0 })]).toEqual([0, 0, 0, 0]);
  });

  it('dims a colour keeping its alpha', () => {
    expect(dimmed(0xff8040ff, 0.25)).toBe(0x402010ff);
  });
});

/** Six stars on a line, each its own grid place. */
function wholeStars(): WholeGalaxyStars {
  return new WholeGalaxyStars(Float32Array.from([0, 0, 0, 500, 0, 0, 1000, 0, 0, 1500, 0, 0, 2000, 0, 0, 2500, 0, 0].map((v, i) => (i % 3 === 0 ? v * ((i / 3) % 2 ? -1 : 1) : v))));
}

describe('a whole galaxy’s communities per slot', () => {
  it('maps each star’s community to its slot, tells the scene, and follows the stars when they move', () => {
    const stars = wholeStars();
    const changes: StarSourceChange[] = [];
    stars.onChange((change) => changes.push(change));
    expect(stars.communities).toBeUndefined();
    stars.setCommunities(STAR_COMMUNITIES);
    expect(changes.at(-1)).toMatchObject({ communitiesChanged: true, written: [] });
    for (let star = 0; star < 6; star++) expect(stars.communities![stars.slotOfStar(star)]).toBe(STAR_COMMUNITIES[star]);
    stars.setCommunities(STAR_COMMUNITIES);
    expect(changes).toHaveLength(1);
    stars.moveStars(Float32Array.from({ length: 18 }, (_, i) => (i % 3 === 1 ? (5 - Math.floor(i / 3)) * 300 : 0)));
    for (let star = 0; star < 6; star++) expect(stars.communities![stars.slotOfStar(star)]).toBe(STAR_COMMUNITIES[star]);
    stars.setCommunities(Uint32Array.from([1, 2]));
    expect(stars.communities![stars.slotOfStar(2)]).toBe(1); // a file for other stars is not taken
  });
});

describe('GalaxyScene colouring stars by constellation', () => {
  function scene() {
    const stars = wholeStars();
    const galaxyScene = new GalaxyScene(() => undefined);
    const { renderer, calls } = recordingRenderer();
    galaxyScene.attachRenderer(renderer);
    galaxyScene.resize(400, 300, 400, 300);
    galaxyScene.show({ stars, names: undefined });
    const colourOf = (star: number) => {
      const slot = stars.slotOfStar(star);
      const write = calls.colors.findLast((c) => slot >= c.start && slot < c.start + c.count)!;
      const i = slot - write.start;
      return write.bytes.slice(i * 4, i * 4 + 4);
    };
    const sizeOf = (star: number) => {
      const slot = stars.slotOfStar(star);
      const write = calls.sizes.findLast((c) => slot >= c.start && slot < c.start + c.count)!;
      return write.values[slot - write.start];
    };
    return { stars, scene: galaxyScene, calls, colourOf, sizeOf };
  }

  const file = communitiesFile({ colour: [3, 9, 0] });
  const [A, B] = [CONSTELLATION_PALETTE[3], CONSTELLATION_PALETTE[9]];

  it('draws each star in its constellation’s colour once both the constellations and the stars’ communities are in, in either order', () => {
    const { stars, scene: s, colourOf } = scene();
    s.setConstellationColours(new Constellations(file), true);
    stars.setCommunities(STAR_COMMUNITIES);
    expect([0, 1, 2, 3, 4, 5].map(colourOf)).toEqual([A, A, A, A, B, WHITE].map(bytesOf));

    const other = scene();
    other.stars.setCommunities(STAR_COMMUNITIES);
    other.scene.setConstellationColours(new Constellations(file), true);
    expect([0, 4, 5].map(other.colourOf)).toEqual([A, B, WHITE].map(bytesOf));
  });

  it('turns white with colour off, and the hover and search highlight colours keep working over the constellation colours', () => {
    const { stars, scene: s, colourOf, calls } = scene();
    stars.setCommunities(STAR_COMMUNITIES);
    const constellations = new Constellations(file);
    s.setConstellationColours(constellations, true);
    s.setHovered(0);
    s.setHighlighted([4], 0x00ff00ff);
    expect(colourOf(0)).toEqual([255, 0, 0, 255]);
    expect(colourOf(4)).toEqual([0, 255, 0, 255]);
    expect(colourOf(1)).toEqual(bytesOf(A));
    s.setHovered(undefined);
    s.clearHighlighted();
    expect(colourOf(0)).toEqual(bytesOf(A));
    expect(colourOf(4)).toEqual(bytesOf(B));
    s.setConstellationColours(constellations, false);
    expect([0, 1, 2, 3, 4, 5].map(colourOf)).toEqual(Array.from({ length: 6 }, () => bytesOf(WHITE)));
    const writes = calls.colors.length;
    s.setConstellationColours(constellations, false);
    expect(calls.colors).toHaveLength(writes); // nothing changed, nothing written
  });

  it('has links take their stars’ colours only while the stars are coloured by constellation, and tells a new renderer', () => {
    const { stars, scene: s, calls } = scene();
    expect(calls.linkColours.at(-1)).toBe('positions');
    s.setConstellationColours(new Constellations(file), true);
    expect(calls.linkColours.at(-1)).toBe('positions'); // the stars' communities are not in yet: the stars are white
    stars.setCommunities(STAR_COMMUNITIES);
    expect(calls.linkColours.at(-1)).toBe('stars');
    s.setConstellationColours(new Constellations(file), false);
    expect(calls.linkColours.at(-1)).toBe('positions');
    s.setConstellationColours(new Constellations(file), true);
    expect(calls.linkColours.at(-1)).toBe('stars');
    const next = recordingRenderer();
    s.attachRenderer(next.renderer);
    expect(next.calls.linkColours).toEqual(['stars']);
    s.show({ stars: wholeStars(), names: undefined });
    expect(next.calls.linkColours.at(-1)).toBe('positions'); // another galaxy, its communities not in
  });

  it('highlights one constellation: its stars enlarged, the others dimmed, until cleared; re-applied as slots are written', () => {
    const { stars, scene: s, colourOf, sizeOf, calls } = scene();
    stars.setCommunities(STAR_COMMUNITIES);
    s.setConstellationColours(new Constellations(file), true);
    const before = sizeOf(4);
    s.highlightConstellation({ level: 1, id: 1 });
    expect(colourOf(4)).toEqual(bytesOf(B));
    expect(sizeOf(4)).toBeCloseTo(before * 1.5);
    expect(colourOf(0)).toEqual(bytesOf(dimmed(A, 0.25)));
    expect(sizeOf(0)).toBe(before);
    // Links arrive: every slot is written again, the highlight stays.
    stars.setLinks({ inOffsets: new Uint32Array(7), outOffsets: new Uint32Array(7), outTargets: new Uint32Array(0) });
    const rewritten = calls.updates.at(-1)!;
    expect(rewritten).toMatchObject({ start: 0, count: 6 });
    const slot = stars.slotOfStar(0);
    expect(rewritten.colors.slice(slot * 4, slot * 4 + 4)).toEqual(bytesOf(dimmed(A, 0.25)));
    expect(rewritten.sizes[stars.slotOfStar(4)]).toBe(45);
    s.highlightConstellation(undefined);
    expect(colourOf(0)).toEqual(bytesOf(A));
    expect(sizeOf(4)).toBe(30);
  });
});
