import { describe, expect, it } from 'vitest';
import { checkCommunities, decodeCommunityStars, encodeCommunityStars, parseCommunitiesJson, type CommunitiesJson } from '../../../src/communities/format';
import { constellationName, unlinkedConstellationName } from '../../../src/ecosystems/constellationName';

function twoLevels(): CommunitiesJson {
  const level = (count: number, size: number[], parent?: number[]) => ({
    count, resolution: 1, modularity: 0.3, unlinked: null, size, centre: new Array<number>(count * 3).fill(0), name: new Array<string>(count).fill('x'), top: size.map(() => []), ...(parent ? { parent } : {}),
  });
  return { format: 1, stars: 5, seed: 1, levels: [level(3, [2, 2, 1], [0, 0, 1]), level(2, [4, 1])] };
}

describe('communities files', () => {
  it('round-trips communities.bin as uint32 little-endian', () => {
    const bytes = encodeCommunityStars(new Uint32Array([0, 1, 70000]));
    expect(Array.from(bytes.subarray(8))).toEqual([0x70, 0x11, 0x01, 0x00]);
    expect(Array.from(decodeCommunityStars(bytes))).toEqual([0, 1, 70000]);
  });

  it('accepts consistent levels and reports parents and sizes that do not add up', () => {
    const stars = new Uint32Array([0, 0, 1, 1, 2]);
    const file = parseCommunitiesJson(JSON.stringify(twoLevels()));
    expect(checkCommunities(file, stars, 5)).toEqual([]);
    const broken = twoLevels();
    broken.levels[0].parent = [0, 1, 1];
    expect(checkCommunities(broken, stars, 5)).toEqual(['level 1: 2 communities have a size other than the stars they hold']);
    broken.levels[0].parent = [0, 5, 1];
    expect(checkCommunities(broken, stars, 5)[0]).toBe("level 0: 1 parents are beyond level 1's 2 communities");
    expect(checkCommunities(twoLevels(), new Uint32Array([0, 0, 1, 1]), 5)[0]).toBe('communities.bin gives 4 stars a community, positions.bin has 5');
  });
});

describe('constellation names', () => {
  it('names a constellation after its two most depended-on stars and its size, in the ecosystem\'s words', () => {
    expect(constellationName('npm', ['react', 'react-dom', 'redux'], 12345)).toBe('react · react-dom · 12,345 packages');
    expect(constellationName('internet', ['AS3356', 'AS174'], 2)).toBe('AS3356 · AS174 · 2 networks');
    expect(constellationName('synthetic', ['<b>a</b>'], 1)).toBe('<b>a</b> · 1 star');
    expect(unlinkedConstellationName('crates', 7098)).toBe('Unlinked · 7,098 packages');
  });

  it('reads each level’s optional palette colours, and reports a list of the wrong length or an entry beyond the palette', () => {
    const stars = new Uint32Array([0, 0, 1, 1, 2]);
    expect(parseCommunitiesJson(JSON.stringify(twoLevels())).levels[0].colour).toBeUndefined();
    const coloured = twoLevels();
    coloured.levels[0].colour = [0, 1, 2];
    coloured.levels[1].colour = [23, 0];
    const file = parseCommunitiesJson(JSON.stringify(coloured));
    expect(file.levels[0].colour).toEqual([0, 1, 2]);
    expect(checkCommunities(file, stars, 5)).toEqual([]);
    coloured.levels[0].colour = [0, 1];
    coloured.levels[1].colour = [24, 0];
    expect(checkCommunities(coloured, stars, 5)).toEqual([
      'level 0: "colour" has 2 entries for 3 communities',
      "level 1: 1 colours are beyond the palette's 24",
    ]);
    expect(() => parseCommunitiesJson(JSON.stringify({ ...twoLevels(), levels: [{ ...twoLevels().levels[0], colour: ['red'] }] }))).toThrow(/level 0's "colour" is not a list of whole numbers/);
  });
});
