import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectGalaxyAndTiles } from '../../../src/cli/inspect/inspectGalaxy';
import { parseManifest } from '../../../src/data/fetch/parseManifest';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import { removeTempFolders, tempFolder } from '../../support/tiledFixtures';

afterAll(removeTempFolders);

function galaxyCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('galaxy generate, tile and inspect', () => {
  it('generates a tiled galaxy that inspect accepts, and names the region of a tile that goes missing', () => {
    const root = tempFolder('galaxy-generate-');
    const generated = galaxyCli('generate', '--stars', '3000', '--name', 'syn', '--out', root, '--version-name', 'v1', '--seed', '4');
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain('3,000 stars');
    expect(generated.stdout).toMatch(/tiles \d+ \(/);
    const manifestText = readFileSync(path.join(root, 'syn', 'manifest.json'), 'utf8');
    expect(parseManifest(manifestText, 'manifest.json')).toMatchObject({ all: ['v1'], last: 'v1', tiles: ['v1'] });

    const valid = galaxyCli('inspect', path.join(root, 'syn'));
    expect(valid.code).toBe(0);
    expect(valid.stdout).toContain('nodes:         3,000');
    expect(valid.stdout).toContain('tile error:    positions within 0 of positions.bin');
    expect(valid.stdout).toContain('tile problems: none');

    rmSync(path.join(root, 'syn', 'v1', 'tiles', 'stars', '0.bin.gz'));
    const broken = galaxyCli('inspect', path.join(root, 'syn'), '--json');
    expect(broken.code).toBe(1);
    const report = JSON.parse(broken.stdout) as { valid: boolean; tiles: { problems: string[] } };
    expect(report.valid).toBe(false);
    expect(report.tiles.problems[0]).toMatch(/^root tile \(x -?\d+\.\.-?\d+, y .*\): stars\/0\.bin\.gz could not be read/);
    expect(report.tiles.problems.join('\n')).toMatch(/\d+ stars of positions\.bin are in no tile/);
  });

  it('refuses a version the manifest does not list, in one line', () => {
    const root = tempFolder('galaxy-tile-');
    galaxyCli('generate', '--stars', '50', '--name', 'small', '--out', root, '--version-name', 'v1', '--no-tiles');
    const result = galaxyCli('tile', path.join(root, 'small'), '--version', 'v9');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`galaxy tile: version v9 is not in ${path.join(root, 'small', 'manifest.json')} (it lists v1)\n`);
  });
});

describe.skipIf(!haveSharedGalaxies)(`tiling the real npm galaxy (skipped when ${sharedGalaxiesMissingReason})`, () => {
  it('tiles a copy of npm with every star once, exact positions, degrees, links and names', async () => {
    const copy = path.join(tempFolder('galaxy-npm-tiles-'), 'npm');
    cpSync(path.join(sharedGalaxiesDir, 'npm'), copy, { recursive: true });
    const version = '2015-09-21T01-00-00Z';
    const classicBefore = readFileSync(path.join(copy, version, 'links.bin'));
    const result = galaxyCli('tile', copy);
    expect(result.stderr).not.toContain('galaxy tile:');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('stars 195,689, links 473,907');

    const manifest = parseManifest(readFileSync(path.join(copy, 'manifest.json'), 'utf8'), 'manifest.json');
    expect(manifest.tiles).toEqual([version]);
    expect(manifest.last).toBe(version);
    expect(readFileSync(path.join(copy, version, 'links.bin')).equals(classicBefore)).toBe(true);

    const report = await inspectGalaxyAndTiles(copy);
    expect(report.tiles?.problems).toEqual([]);
    expect(report.tiles?.maxPositionError).toBe(0);
    expect(report.tiles?.tiles).toBeGreaterThan(40);
  });
});
