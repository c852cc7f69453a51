import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGalaxy } from '../../../src/cli/build/buildGalaxy';

/** Issue 11: `galaxy build` on hostile or damaged input and data roots. */
const karate = path.resolve('tests/fixtures/importers/karate.csv');
const roots: string[] = [];

function tempRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'galaxy-hostile-build-'));
  roots.push(root);
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function galaxyFolder(root: string, name: string): void {
  mkdirSync(path.join(root, name, 'v1'), { recursive: true });
  writeFileSync(path.join(root, name, 'manifest.json'), '{"all":["v1"],"last":"v1"}\n');
}

/** Everything under `root`, file by file, to show a failed build changed nothing. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(root, file)] = entry.isFile() ? readFileSync(file, 'utf8') : '<dir>';
  }
  return files;
}

function cli(args: string[]) {
  return spawnSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('galaxy build into an existing data root', () => {
  it('without galaxies.json, starts the index from the galaxy folders already there', async () => {
    const root = tempRoot();
    galaxyFolder(root, 'alpha');
    galaxyFolder(root, 'beta');
    await buildGalaxy({ input: karate, name: 'karate', out: root, version: 'v1', iterations: 2, threads: 1 });
    expect(JSON.parse(readFileSync(path.join(root, 'galaxies.json'), 'utf8'))).toEqual({ galaxies: ['alpha', 'beta', 'karate'] });
  });

  it('stops before the layout on a corrupt galaxies.json, names it and changes nothing', async () => {
    const root = tempRoot();
    galaxyFolder(root, 'alpha');
    writeFileSync(path.join(root, 'galaxies.json'), '{"galaxies": ["alpha",');
    const before = snapshot(root);
    let imported = false;
    await expect(
      buildGalaxy({ input: karate, name: 'karate', out: root, version: 'v1', iterations: 2, threads: 1, onImported: () => (imported = true) }),
    ).rejects.toThrow(`${path.join(root, 'galaxies.json')} is not valid JSON`);
    expect(imported, 'the input was imported (and the layout would have run)').toBe(false);
    expect(snapshot(root)).toEqual(before);
  });

  it('stops before the layout on a corrupt manifest.json, names it and changes nothing', async () => {
    const root = tempRoot();
    galaxyFolder(root, 'karate');
    writeFileSync(path.join(root, 'galaxies.json'), '{"galaxies":["karate"]}\n');
    for (const broken of ['not json at all', '{"all": "v1", "last": "v1"}']) {
      writeFileSync(path.join(root, 'karate', 'manifest.json'), broken);
      const before = snapshot(root);
      let imported = false;
      await expect(
        buildGalaxy({ input: karate, name: 'karate', out: root, version: 'v2', iterations: 2, threads: 1, onImported: () => (imported = true) }),
      ).rejects.toThrow(path.join(root, 'karate', 'manifest.json'));
      expect(imported).toBe(false);
      expect(snapshot(root)).toEqual(before);
    }
  });
});

describe('galaxy build names', () => {
  it('refuses an overlong --name before reading the input, naming the option', async () => {
    const root = tempRoot();
    const name = 'a'.repeat(300);
    await expect(buildGalaxy({ input: 'does/not/exist.csv', name, out: root, threads: 1 })).rejects.toThrow(
      /--name.*300 characters long; at most 100/,
    );
    expect(readdirSync(root)).toEqual([]);
    const result = cli(['build', 'does/not/exist.csv', '--name', name, '--out', root, '--no-progress']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^galaxy build: galaxy name \(--name\) is 300 characters long/);
    expect(result.stderr).not.toContain('ENAMETOOLONG');
  });

  it('refuses a version that exists before the layout, naming --version-name', async () => {
    const root = tempRoot();
    await buildGalaxy({ input: karate, name: 'k', out: root, version: 'v1', iterations: 2, threads: 1 });
    let imported = false;
    await expect(
      buildGalaxy({ input: karate, name: 'k', out: root, version: 'v1', iterations: 2, threads: 1, onImported: () => (imported = true) }),
    ).rejects.toThrow(/already exists; choose another --version-name/);
    expect(imported).toBe(false);
  });
});

describe('galaxy build on a gzip bomb', () => {
  it('stops reading at the limit with a clear message, not a raw engine error', async () => {
    const root = tempRoot();
    const bomb = path.join(root, 'bomb.csv.gz');
    // About 1 MB of gzip that inflates to 700 MB of "a,b" lines: 700 gzip members of 1 MB each.
    const member = gzipSync(Buffer.from('a,b\n'.repeat(256 * 1024)), { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(bomb, Buffer.concat(Array.from({ length: 700 }, () => member)));
    expect(readFileSync(bomb).length).toBeLessThan(2 * 1024 * 1024);

    await expect(buildGalaxy({ input: bomb, name: 'bomb', out: root, threads: 1 })).rejects.toThrow(
      'bomb.csv.gz: holds more than 256 MB once unzipped, the most galaxy build reads; pass --max-input-mb to raise the limit',
    );
    const result = cli(['build', bomb, '--name', 'bomb', '--out', root, '--no-progress', '--max-input-mb', '16']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'galaxy build: bomb.csv.gz: holds more than 16 MB once unzipped, the most galaxy build reads; pass --max-input-mb to raise the limit\n',
    );
    expect(existsSync(path.join(root, 'bomb'))).toBe(false);
  });
});
