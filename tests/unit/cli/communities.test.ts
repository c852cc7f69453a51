import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeCommunityStars, starMemberships, type CommunitiesJson } from '../../../src/communities/format';
import { PALETTE_SIZE } from '../../../src/constellations/palette';
import { parseManifest } from '../../../src/data/fetch/parseManifest';
import { removeTempFolders, tempFolder } from '../../support/tiledFixtures';

afterAll(removeTempFolders);

function galaxyCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function smallGalaxy(): { root: string; galaxy: string } {
  const root = tempFolder('galaxy-communities-');
  const generated = galaxyCli('generate', '--stars', '2000', '--name', 'syn', '--out', root, '--version-name', 'v1', '--seed', '4', '--no-tiles', '--no-communities');
  expect(generated.code).toBe(0);
  return { root, galaxy: path.join(root, 'syn') };
}

/**
 * Each level's "colour" gives every community a palette entry, and linked communities of the top
 * level (where the viewer takes its colours) differ wherever the palette allows: fewer than a tenth
 * of the links between constellations join two of the same colour.
 */
function expectNeighboursColouredApart(galaxy: string, json: CommunitiesJson): void {
  for (const level of json.levels) {
    expect(level.colour).toHaveLength(level.count);
    expect(level.colour!.every((entry) => Number.isInteger(entry) && entry >= 0 && entry < PALETTE_SIZE)).toBe(true);
  }
  const stars = decodeCommunityStars(readFileSync(path.join(galaxy, 'v1', 'communities.bin')));
  const top = starMemberships(json, stars).at(-1)!;
  const colour = json.levels.at(-1)!.colour!;
  const unlinked = json.levels.at(-1)!.unlinked;
  const values = new Int32Array(readFileSync(path.join(galaxy, 'v1', 'links.bin')).buffer.slice(0));
  let source = -1;
  let between = 0;
  let alike = 0;
  for (const value of values) {
    if (value < 0) {
      source = -value - 1;
      continue;
    }
    const target = value - 1;
    if (value === 0 || source < 0 || top[source] === top[target] || top[source] === unlinked) continue;
    between++;
    if (colour[top[source]] === colour[top[target]]) alike++;
  }
  expect(between).toBeGreaterThan(0);
  expect(alike / between).toBeLessThan(0.1);
}

describe('galaxy communities and inspect', () => {
  it('adds communities.bin, communities.json and the manifest key, and inspect checks them', () => {
    const { galaxy } = smallGalaxy();
    const result = galaxyCli('communities', galaxy);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/level 0: [\d,]+ communities, modularity 0\.\d{4}/);
    expect(readFileSync(path.join(galaxy, 'v1', 'communities.bin')).byteLength).toBe(2000 * 4);
    const json = JSON.parse(readFileSync(path.join(galaxy, 'v1', 'communities.json'), 'utf8')) as { levels: { count: number; name: string[] }[] };
    expect(json.levels[json.levels.length - 1].count).toBeLessThanOrEqual(40);
    expect(json.levels[0].name[0]).toMatch(/ · [\d,]+ stars$/);
    expectNeighboursColouredApart(galaxy, json as unknown as CommunitiesJson);
    expect(parseManifest(readFileSync(path.join(galaxy, 'manifest.json'), 'utf8'), 'manifest.json')).toMatchObject({ all: ['v1'], communities: ['v1'] });

    const valid = galaxyCli('inspect', galaxy);
    expect(valid.code).toBe(0);
    expect(valid.stdout).toMatch(/communities: {3}level 0: [\d,]+, modularity 0\.\d{4}/);
    expect(valid.stdout).toContain('community problems: none');
  });

  it('gives an existing tiled galaxy\'s tiles their communities without tiling it again, and inspect checks them', () => {
    const root = tempFolder('galaxy-communities-');
    expect(galaxyCli('generate', '--stars', '3000', '--name', 'syn', '--out', root, '--version-name', 'v1', '--seed', '4', '--no-communities').code).toBe(0);
    const galaxy = path.join(root, 'syn');
    const tiles = path.join(galaxy, 'v1', 'tiles');
    expect(existsSync(path.join(tiles, 'communities'))).toBe(false);
    const tileBytes = readFileSync(path.join(tiles, 'stars', '0.bin.gz'));
    const result = galaxyCli('communities', galaxy);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^wrote the communities of [\d,]+ tiles \([\d.]+ KB\) in /m);
    expect(readFileSync(path.join(tiles, 'stars', '0.bin.gz')).equals(tileBytes)).toBe(true);
    expect(JSON.parse(readFileSync(path.join(tiles, 'index.json'), 'utf8'))).toMatchObject({ format: 1, communities: 'communities/{index}.bin.gz' });
    const valid = galaxyCli('inspect', galaxy);
    expect(valid.stdout).toContain('tile communities: in every tile');
    expect(valid.stdout).toContain('tile problems: none');
    expect(valid.code).toBe(0);

    // A tile whose stars are given other communities than communities.bin's.
    const stars = readFileSync(path.join(galaxy, 'v1', 'communities.bin'));
    stars.writeUInt32LE(stars.readUInt32LE(0) + 1, 0);
    writeFileSync(path.join(galaxy, 'v1', 'communities.bin'), stars);
    const broken = galaxyCli('inspect', galaxy, '--json');
    expect(broken.code).toBe(1);
    expect((JSON.parse(broken.stdout) as { tiles: { problems: string[] } }).tiles.problems.join('\n')).toMatch(/^tile \d+ \(communities\/\d+\.bin\.gz\): 1 stars have a community other than communities\.bin's$/m);
  });

  it('reports a communities file that does not add up', () => {
    const { galaxy } = smallGalaxy();
    galaxyCli('communities', galaxy);
    const file = path.join(galaxy, 'v1', 'communities.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { levels: { size: number[] }[] };
    json.levels[0].size[0] += 1;
    writeFileSync(file, JSON.stringify(json));
    const stars = readFileSync(path.join(galaxy, 'v1', 'communities.bin'));
    stars.writeUInt32LE(9999, 0);
    writeFileSync(path.join(galaxy, 'v1', 'communities.bin'), stars);
    const broken = galaxyCli('inspect', galaxy, '--json');
    expect(broken.code).toBe(1);
    const report = JSON.parse(broken.stdout) as { valid: boolean; communities: { problems: string[] } };
    expect(report.valid).toBe(false);
    expect(report.communities.problems.join('\n')).toMatch(/^communities\.bin: 1 stars have a community beyond the finest level's \d+$/m);
    expect(report.communities.problems.join('\n')).toMatch(/^level 0: [12] communities have a size other than the stars they hold$/m);
  });

  it('refuses a --version that is not a plain name, before reading anything', () => {
    const { galaxy } = smallGalaxy();
    for (const version of ['../x', '/etc', '%2e%2e']) {
      const result = galaxyCli('communities', galaxy, '--version', version);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^galaxy communities: version name .* may hold only letters/);
    }
  });

  // The manifest parser refuses such names once the shared rule (branch wt-a) lands; until then the
  // command's own check on the version it uses refuses them.
  it('refuses a manifest whose version names are ../x, absolute or encoded dots, and writes nothing', () => {
    const { root, galaxy } = smallGalaxy();
    for (const version of ['../x', path.join(root, 'absolute'), '%2e%2e']) {
      // A galaxy's files where the name leads, so only the name's refusal keeps them from being used.
      const target = path.join(galaxy, version);
      cpSync(path.join(galaxy, 'v1'), target, { recursive: true });
      writeFileSync(path.join(galaxy, 'manifest.json'), JSON.stringify({ all: ['v1', version], last: version }));
      const result = galaxyCli('communities', galaxy);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^galaxy communities: .*version/);
      expect(existsSync(path.join(target, 'communities.bin'))).toBe(false);
      expect(JSON.parse(readFileSync(path.join(galaxy, 'manifest.json'), 'utf8'))).not.toHaveProperty('communities');
    }
  });
});
