import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/data/fetch/parseManifest';
import { parseManifestText } from '../../../src/data/manifest';
import { writeGalaxyVersion } from '../../../src/publish/galaxyFolder';
import { HOSTILE_VERSIONS, refusedVersionReason } from '../../support/hostileVersions';

describe('version names in manifest.json (the one parser of the viewer, Home and the CLI)', () => {
  it.each(HOSTILE_VERSIONS)('refuses %s in "all", "last" or "tiles", naming the manifest and the version', (version) => {
    const manifests = [{ all: [version], last: version }, { all: ['v1', version] }, { last: version }, { all: ['v1'], last: 'v1', tiles: [version] }];
    for (const manifest of manifests) {
      expect(() => parseManifest(JSON.stringify(manifest), 'http://host/data/evil/manifest.json'), JSON.stringify(manifest)).toThrow(
        `The manifest at http://host/data/evil/manifest.json ${refusedVersionReason(version)}`,
      );
    }
  });

  it('refuses a name longer than galaxy build allows, quoting only its start, and escapes control characters', () => {
    expect(() => parseManifestText(JSON.stringify({ last: 'v'.repeat(101) }))).toThrow(`names the version "${'v'.repeat(100)}…"`);
    expect(() => parseManifestText(JSON.stringify({ last: 'v1\u001b]0;owned\u0007' }))).toThrow('names the version "v1\\u001b]0;owned\\u0007"');
  });

  it('accepts the names galaxy build writes and the published galaxies use', () => {
    for (const version of ['2015-09-21T01-00-00Z', 'bookworm-2026-11-22', 'v1', 'v1.2_rc-3', 'a'.repeat(100)]) {
      expect(parseManifestText(JSON.stringify({ all: [version], tiles: [version] }))).toEqual({ last: version, all: [version], tiles: [version] });
    }
  });

  it('galaxy build refuses to add a version to such a galaxy, naming the manifest, and changes nothing', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'galaxy-hostile-build-'));
    try {
      mkdirSync(path.join(root, 'g'));
      const file = path.join(root, 'g', 'manifest.json');
      writeFileSync(file, JSON.stringify({ all: ['../victim'], last: '../victim' }));
      const files = { positions: new Uint8Array(12), links: new Uint8Array(0), labels: '["a"]' };
      expect(() => writeGalaxyVersion(root, 'g', 'v2', files)).toThrow(`${file} is not a galaxy manifest: it ${refusedVersionReason('../victim')}; fix or remove it, nothing was changed`);
      expect(readdirSync(path.join(root, 'g'))).toEqual(['manifest.json']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
