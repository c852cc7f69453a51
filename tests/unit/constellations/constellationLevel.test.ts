import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommunitiesFormatError, parseCommunitiesJson, type CommunitiesJson, type CommunityLevelJson } from '../../../src/communities/format';
import { constellationLevel, type ConstellationLevel } from '../../../src/constellations/constellationLevel';
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
  expect(namesOf(held)).toEqual(json.name);
  expect(held.colour === undefined ? undefined : [...held.colour]).toEqual(json.colour);
}

const namesOf = (level: ConstellationLevel) => Array.from({ length: level.name.length }, (_, c) => level.name.at(c));

/** What a level reaches (its own fields, private ones too): the strings, and the typed arrays' bytes. */
function reached(level: ConstellationLevel): { strings: number; typedBytes: number; arrays: number } {
  const found = { strings: 0, typedBytes: 0, arrays: 0 };
  const seen = new Set<unknown>();
  const stack: unknown[] = [level];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') found.strings++;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) found.typedBytes += value.byteLength;
    else {
      if (Array.isArray(value)) found.arrays++;
      stack.push(...Object.values(value));
    }
  }
  return found;
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
    expect(level.name.at(2)).toBeUndefined();
    expect(level.name.at(-1)).toBeUndefined();
  });

  it('give every name as the file has it, empty ones and ones beyond Latin-1 too', () => {
    const names = ['react · react-dom · 12 packages', '', 'ünïcode ✓ 数据', 'x'];
    const level = constellationLevel({ count: 4, resolution: 1, modularity: 0, unlinked: null, size: [1, 1, 1, 1], centre: [], name: names, top: [] });
    expect(namesOf(level)).toEqual(names);
    expect(level.name.at(4)).toBeUndefined();
  });

  // npm's 3,093 names as as many strings held 164 KB of the page's heap; its top stars (read by nothing
  // the viewer shows) 0.03 MB of array buffers (docs/communities.md#in-the-viewer).
  it('hold a level\'s names as one string and no JS list, whatever the number of communities', () => {
    for (const count of [4, 400]) {
      const names = Array.from({ length: count }, (_, c) => `community ${c}`);
      const level = constellationLevel({ count, resolution: 1, modularity: 0, unlinked: null, size: names.map(() => 1), centre: [], name: names, top: [] });
      expect(reached(level)).toMatchObject({ strings: 1, arrays: 0 });
    }
  });

  it('hold only the columns the viewer reads: size, parent, centre, colour and where each name starts', () => {
    const file = communitiesFile({ colour: [5, 7, 1] });
    for (const level of file.levels) level.top = level.size.map((_, c) => [c, c, c, c, c]);
    const levels = new Constellations(file).levels;
    levels.forEach((level, l) => {
      const perCommunity = 4 + (l === 0 ? 4 : 0) + 12 + (l === 1 ? 4 : 0) + 4;
      expect(reached(level).typedBytes).toBe(level.count * perCommunity + 4);
    });
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
