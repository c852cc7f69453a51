import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveSharedGalaxies, sharedGalaxiesDir } from '../../support/sharedGalaxies';
import { linksBin, positionsBin, rawInt32 } from '../../support/wireFixtures';

function galaxyCli(...args: string[]) {
  const result = spawnSync(process.execPath, ['bin/galaxy.js', ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function tinyGalaxy(files: { positions?: ArrayBuffer; links?: ArrayBuffer; labels?: string }) {
  const root = mkdtempSync(path.join(tmpdir(), 'galaxy-inspect-'));
  const dir = path.join(root, 'tiny');
  const versionDir = path.join(dir, 'v1');
  mkdirSync(versionDir, { recursive: true });
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ all: ['v1'], last: 'v1' }));
  writeFileSync(path.join(versionDir, 'positions.bin'), Buffer.from(files.positions ?? positionsBin([[0, 0, 0], [5, -5, 9]])));
  writeFileSync(path.join(versionDir, 'links.bin'), Buffer.from(files.links ?? linksBin([[1], [0]])));
  writeFileSync(path.join(versionDir, 'labels.json'), files.labels ?? '["a","b"]');
  return dir;
}

describe('galaxy inspect', () => {
  it('prints name, version, counts, bounds and degrees of a valid galaxy', () => {
    const { code, stdout } = galaxyCli('inspect', tinyGalaxy({}));
    expect(code).toBe(0);
    expect(stdout).toContain('name:          tiny');
    expect(stdout).toContain('version:       v1');
    expect(stdout).toContain('nodes:         2');
    expect(stdout).toContain('edges:         2');
    expect(stdout).toContain('bounds:        x 0 .. 5, y -5 .. 0, z 0 .. 9');
    expect(stdout).toContain('warnings:      none');
  });

  it('accepts a version folder and reports warnings while still exiting 0', () => {
    const dir = tinyGalaxy({ links: rawInt32([-1, 2, 0, 7]), labels: '["a","b","c","d"]' });
    const { code, stdout } = galaxyCli('inspect', path.join(dir, 'v1'), '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { valid: boolean; edges: number; warnings: string[] };
    expect(report.valid).toBe(true);
    expect(report.edges).toBe(1);
    expect(report.warnings).toHaveLength(3);
  });

  it('exits non-zero with a one-line reason when the galaxy cannot be read', () => {
    const broken = galaxyCli('inspect', tinyGalaxy({ labels: '["a", ' }));
    expect(broken.code).toBe(1);
    expect(broken.stderr.trim().split('\n')).toHaveLength(1);
    expect(broken.stderr).toMatch(/^galaxy inspect: labels\.json is not valid JSON/);

    const notGalaxy = galaxyCli('inspect', tmpdir());
    expect(notGalaxy.code).toBe(1);
    expect(notGalaxy.stderr).toContain('holds neither manifest.json');

    const json = galaxyCli('inspect', tinyGalaxy({ positions: new ArrayBuffer(0) }), '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ valid: false, error: 'positions.bin holds no nodes' });
  });

  it.skipIf(!haveSharedGalaxies)('inspects the real npm galaxy (skipped without ../shared/galaxies)', () => {
    const { code, stdout } = galaxyCli('inspect', path.join(sharedGalaxiesDir, 'npm'), '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { nodes: number; edges: number; maxInDegree: { node: string } };
    expect(report.nodes).toBe(195_689);
    expect(report.edges).toBe(473_907);
    expect(report.maxInDegree.node).toBe('lodash');
  });
});
