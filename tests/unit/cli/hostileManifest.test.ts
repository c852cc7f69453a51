import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedGalaxies, startServer } from '../../../src/cli/serve/serveGalaxies';
import { refusedVersionReason } from '../../support/hostileVersions';
import { removeTempFolders, tempFolder } from '../../support/tiledFixtures';

afterAll(removeTempFolders);

function galaxyCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A data root with `victim/`, a version folder beside the galaxies holding a file named `tiles`, and
 * `good/` (version v1, tiled); hostile galaxies are added beside them.
 */
let root: string;
let victim: string;
const PRECIOUS = 'not yours to overwrite';

/** `../`, absolute and %-encoded names: each would reach `victim/` as written or once decoded. */
function hostileVersions(): string[] {
  return ['../victim', victim, '%2e%2e%2fvictim', '..%2fvictim'];
}

function hostileGalaxy(name: string, version: string): { folder: string; manifestFile: string; manifestText: string } {
  const folder = path.join(root, name);
  mkdirSync(folder, { recursive: true });
  const manifestFile = path.join(folder, 'manifest.json');
  const manifestText = JSON.stringify({ all: [version], last: version });
  writeFileSync(manifestFile, manifestText);
  return { folder, manifestFile, manifestText };
}

beforeAll(() => {
  root = tempFolder('galaxy-hostile-manifest-');
  const made = galaxyCli('generate', '--stars', '40', '--name', 'good', '--out', root, '--version-name', 'v1', '--seed', '2');
  expect(made.code).toBe(0);
  galaxyCli('generate', '--stars', '30', '--name', 'source', '--out', root, '--version-name', 'v1', '--no-tiles');
  victim = path.join(root, 'victim');
  renameSync(path.join(root, 'source', 'v1'), victim);
  writeFileSync(path.join(victim, 'tiles'), PRECIOUS);
}, 60_000);

describe('a manifest naming a version outside its galaxy folder', () => {
  it('galaxy tile refuses it, naming the manifest and the version, and writes nothing', () => {
    hostileVersions().forEach((version, k) => {
      const { folder, manifestFile, manifestText } = hostileGalaxy(`evil-tile-${k}`, version);
      const result = galaxyCli('tile', folder);
      expect(result.stderr, version).toBe(`galaxy tile: The manifest at ${manifestFile} ${refusedVersionReason(version)}\n`);
      expect(result.code).toBe(1);
      expect(readFileSync(path.join(victim, 'tiles'), 'utf8')).toBe(PRECIOUS);
      expect(readFileSync(manifestFile, 'utf8')).toBe(manifestText);
    });
  }, 120_000);

  it('galaxy tile refuses a version folder that is a link leading out of the galaxy folder', () => {
    const { folder, manifestFile } = hostileGalaxy('evil-link', 'v1');
    symlinkSync(victim, path.join(folder, 'v1'));
    const result = galaxyCli('tile', folder);
    expect(result.stderr).toBe(`galaxy tile: ${path.join(folder, 'v1')} leads outside ${folder} (to ${victim}): galaxy tile writes only inside the galaxy folder\n`);
    expect(result.code).toBe(1);
    expect(readFileSync(path.join(victim, 'tiles'), 'utf8')).toBe(PRECIOUS);
    expect(JSON.parse(readFileSync(manifestFile, 'utf8'))).not.toHaveProperty('tiles');
  });

  it('galaxy inspect refuses it in one line instead of inspecting another folder', () => {
    hostileVersions().forEach((version, k) => {
      const { folder, manifestFile } = hostileGalaxy(`evil-inspect-${k}`, version);
      const result = galaxyCli('inspect', folder);
      expect(result.stderr, version).toBe(`galaxy inspect: The manifest at ${manifestFile} ${refusedVersionReason(version)}\n`);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
    });
  }, 120_000);

  it('galaxy inspect --version-name follows the same rule, and names only versions the manifest lists', () => {
    const good = path.join(root, 'good');
    for (const version of ['../victim', '%2e%2e']) {
      const result = galaxyCli('inspect', good, '--version-name', version);
      expect(result.stderr).toBe(
        `galaxy inspect: version name (--version-name) "${version}" may hold only letters, digits, ".", "_" and "-", and must start with a letter or digit\n`,
      );
      expect(result.code).toBe(1);
    }
    const unlisted = galaxyCli('inspect', good, '--version-name', 'v9');
    expect(unlisted.stderr).toBe(`galaxy inspect: version v9 is not in ${path.join(good, 'manifest.json')} (it lists v1)\n`);
    expect(unlisted.code).toBe(1);
    const listed = galaxyCli('inspect', good, '--version-name', 'v1');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('tile problems: none');
  }, 120_000);

  describe('galaxy serve', () => {
    let server: Server;
    let origin: string;
    let galaxies: string[];

    beforeAll(async () => {
      galaxies = hostileVersions().map((version, k) => {
        hostileGalaxy(`evil-serve-${k}`, version);
        return `evil-serve-${k}`;
      });
      symlinkSync(path.join(root, 'evil-serve-0'), path.join(root, 'alias'));
      server = await startServer({ dataRoot: root, port: 0, host: '127.0.0.1' });
      const address = server.address();
      origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('refuses to serve it, by any spelling of its folder, and says why', async () => {
      const refused = refusedGalaxies(root).filter(({ name }) => name.startsWith('evil-serve-'));
      expect(refused).toEqual(
        hostileVersions().map((version, k) => ({
          name: galaxies[k],
          reason: `${path.join(root, galaxies[k], 'manifest.json')} ${refusedVersionReason(version)}`,
        })),
      );
      for (const [k, galaxy] of galaxies.entries()) {
        const response = await fetch(`${origin}/data/${galaxy}/manifest.json?nocache=1`);
        expect(response.status).toBe(403);
        expect(await response.text()).toBe(`Not served: ${refused[k].reason}\n`);
      }
      for (const spelling of ['/data/%65vil-serve-0/manifest.json', '/data/./evil-serve-0/manifest.json', '/data/good/%2e%2e/evil-serve-0/manifest.json', '/data/alias/manifest.json']) {
        expect((await fetch(`${origin}${spelling}`)).status, spelling).toBe(403);
      }
      expect((await fetch(`${origin}/data/good/manifest.json`)).status).toBe(200);
      expect((await fetch(`${origin}/data/good/v1/positions.bin`)).status).toBe(200);
      expect(existsSync(path.join(victim, 'tiles'))).toBe(true);
    });
  });
});
