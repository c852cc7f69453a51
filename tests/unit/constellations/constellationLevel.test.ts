import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommunitiesFormatError, parseCommunitiesJson, type CommunitiesJson, type CommunityLevelJson } from '../../../src/communities/format';
import { constellationLevel, topStarsOf, type ConstellationLevel } from '../../../src/constellations/constellationLevel';
import { Constellations } from '../../../src/constellations/constellations';
import { communitiesFile } from '../../support/communityFixtures';
import { E2E_TILED_DIR } from '../../support/e2eTiledGalaxies';

/** A tiled npm copy's communities.json (made by the e2e setup), where this machine has one. */
const NPM_COMMUNITIES = [E2E_TILED_DIR, path.join(os.tmpdir(), 'galaxy-e2e-tiled')]
  .map((dir) => path.join(dir, 'npm-tiled', '2015-09-21T01-00-00Z', 'communities.json'))
  .find((file) => existsSync(file));

/** Every field of `held` against the JSON level it was read from: centres as float32, the rest exactly. */
function expectSameLevel(held: ConstellationLevel, json: CommunityLevelJson): void {
  expect(held.count).toBe(json.count);
  expect(held.resolution).toBe(json.resolution);
  expect(held.modularity).toBe(json.modularity);
  expect(held.unlinked).toBe(json.unlinked);
  expect(held.parent === undefined ? undefined : [...held.parent]).toEqual(json.parent);
  expect([...held.size]).toEqual(json.size);
  expect([...held.centre]).toEqual(json.centre.map(Math.fround));
  expect(held.name).toEqual(json.name);
  expect(held.colour === undefined ? undefined : [...held.colour]).toEqual(json.colour);
  expect(json.top.map((_, c) => [...topStarsOf(held, c)])).toEqual(json.top);
}

describe('the constellations as the viewer holds them', () => {
  it('hold every level of communities.json as columns with the same values', () => {
    const file = communitiesFile({ colour: [5, 7, 1] });
    file.levels[0].top = [[0, 1], [3], [], [5]];
    file.levels[0].centre = [0.1, -2, 3e5, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const constellations = new Constellations(file);
    expect(constellations.stars).toBe(6);
    expect(constellations.levels).toHaveLength(2);
    constellations.levels.forEach((level, l) => expectSameLevel(level, file.levels[l]));
    expect(constellations.communityAt(2, 1)).toBe(1);
  });

  it('keep a file\'s short lists short, as the readers expect (a missing centre is no centre)', () => {
    const level = constellationLevel({ count: 3, resolution: null, modularity: 0, unlinked: null, size: [1, 2, 3], centre: [], name: [], top: [] });
    expect(level.centre.length).toBe(0);
    expect(level.name[2]).toBeUndefined();
    expect([...topStarsOf(level, 1)]).toEqual([]);
  });

  it('hold no per-community object or list: a level is a fixed number of columns', () => {
    const file = communitiesFile();
    const level = new Constellations(file).levels[0];
    const lists = Object.values(level).filter((value) => typeof value === 'object' && value !== null);
    // parent, size, centre, name, topStart, topStars: the names are the only JS array.
    expect(lists.filter(Array.isArray)).toEqual([level.name]);
    expect(lists.filter((value) => ArrayBuffer.isView(value))).toHaveLength(5);
  });

  it('refuse, with the parse\'s message, an id a 32-bit column cannot hold', () => {
    const file: CommunitiesJson = communitiesFile();
    const text = JSON.stringify({ ...file, levels: [{ ...file.levels[0], parent: [0, 0, 1, 2 ** 32] }, file.levels[1]] });
    expect(() => parseCommunitiesJson(text)).toThrow(CommunitiesFormatError);
    expect(() => parseCommunitiesJson(text)).toThrow(/level 0's "parent" is not a list of whole numbers/);
  });

  it.runIf(NPM_COMMUNITIES !== undefined)('hold the same values as a tiled npm copy\'s communities.json', () => {
    const file = parseCommunitiesJson(readFileSync(NPM_COMMUNITIES!, 'utf8'));
    const constellations = new Constellations(file);
    expect(constellations.stars).toBe(file.stars);
    constellations.levels.forEach((level, l) => expectSameLevel(level, file.levels[l]));
  });
});
