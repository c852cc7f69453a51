import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGalaxy } from '../../../src/cli/build/buildGalaxy';
import { decodeGalaxy } from '../../../src/data/wire/decodeGalaxy';
import { Graph } from '../../../src/data/graph';
import type { GalaxyIndex, Manifest } from '../../../src/data/manifest';
import { inspectCommunities } from '../../../src/cli/inspect/inspectCommunities';

const fixtures = path.resolve('tests/fixtures/importers');
const roots: string[] = [];

function tempRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'galaxy-build-'));
  roots.push(root);
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function readVersion(root: string, name: string, version: string) {
  const dir = path.join(root, name, version);
  const buffer = (file: string): ArrayBuffer => {
    const bytes = readFileSync(path.join(dir, file));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
  const data = decodeGalaxy({
    name,
    version,
    positions: buffer('positions.bin'),
    links: buffer('links.bin'),
    labels: readFileSync(path.join(dir, 'labels.json'), 'utf8'),
  });
  return { ...data, labels: new Graph(data).labels };
}

const manifestOf = (root: string, name: string): Manifest =>
  JSON.parse(readFileSync(path.join(root, name, 'manifest.json'), 'utf8')) as Manifest;

describe('galaxy build', () => {
  it('writes a version the viewer decodes without warnings, with every link of the input', async () => {
    const root = tempRoot();
    const result = await buildGalaxy({
      input: path.join(fixtures, 'karate.csv'),
      name: 'karate',
      out: root,
      version: 'v1',
      iterations: 30,
      threads: 1,
    });
    const galaxy = readVersion(root, 'karate', 'v1');
    expect(galaxy.warnings).toEqual([]);
    expect(galaxy.nodeCount).toBe(result.graph.labels.length);
    expect(galaxy.edgeCount).toBe(result.graph.sources.length);
    expect(galaxy.labels).toEqual(result.graph.labels);
    const linked = new Set<string>();
    for (let node = 0; node < galaxy.nodeCount; node++) {
      for (let e = galaxy.outOffsets[node]; e < galaxy.outOffsets[node + 1]; e++) {
        linked.add(`${galaxy.labels[node]}>${galaxy.labels[galaxy.outTargets[e]]}`);
      }
    }
    const csvEdges = readFileSync(path.join(fixtures, 'karate.csv'), 'utf8').trim().split('\n').slice(1);
    expect(linked).toEqual(new Set(csvEdges.map((line) => line.replace(',', '>'))));
    // Nodes are spread out, not piled on one point.
    const distinct = new Set<string>();
    for (let i = 0; i < galaxy.nodeCount; i++) distinct.add(galaxy.positions.subarray(3 * i, 3 * i + 3).join(','));
    expect(distinct.size).toBe(galaxy.nodeCount);
    // Zachary's karate club: Leiden's best split has modularity 0.42 (0.37 for the club's own split).
    const communities = inspectCommunities(path.join(root, 'karate', 'v1'), galaxy);
    expect(communities.problems).toEqual([]);
    expect(communities.levels[0].modularity).toBeGreaterThan(0.41);
  });

  it('appends versions to the manifest, keeps the older ones and lists the galaxy once', async () => {
    const root = tempRoot();
    const input = path.join(fixtures, 'karate.gexf');
    await buildGalaxy({ input, name: 'karate', out: root, version: 'v1', iterations: 5, threads: 1 });
    const first = readFileSync(path.join(root, 'karate', 'v1', 'positions.bin'));
    await buildGalaxy({
      input,
      name: 'karate',
      out: root,
      version: 'v2',
      iterations: 5,
      threads: 1,
      meta: { title: 'Karate club', kind: 'social' },
    });
    expect(manifestOf(root, 'karate')).toEqual({
      all: ['v1', 'v2'],
      last: 'v2',
      meta: { title: 'Karate club', kind: 'social' },
      communities: ['v1', 'v2'],
      tiles: ['v1', 'v2'],
    });
    expect(readFileSync(path.join(root, 'karate', 'v1', 'positions.bin'))).toEqual(first);
    const index = JSON.parse(readFileSync(path.join(root, 'galaxies.json'), 'utf8')) as GalaxyIndex;
    expect(index.galaxies).toEqual(['karate']);
  });

  it('gives the same positions for the same seed, whatever the thread count, and others for another seed', async () => {
    const root = tempRoot();
    const input = path.join(fixtures, 'dumpavail-slice.txt');
    const options = { input, name: 'deb', out: root, iterations: 20 };
    await buildGalaxy({ ...options, version: 'a', seed: 1, threads: 1 });
    await buildGalaxy({ ...options, version: 'b', seed: 1, threads: 2 });
    await buildGalaxy({ ...options, version: 'c', seed: 2, threads: 1 });
    const positions = (version: string) => readFileSync(path.join(root, 'deb', version, 'positions.bin'));
    expect(positions('b')).toEqual(positions('a'));
    expect(positions('c')).not.toEqual(positions('a'));
  });

  it('on bad input names the line, leaves no partial version and the existing ones untouched', async () => {
    const root = tempRoot();
    await buildGalaxy({ input: path.join(fixtures, 'karate.csv'), name: 'g', out: root, version: 'good', iterations: 5, threads: 1 });
    const before = manifestOf(root, 'g');
    const bad = path.join(root, 'bad.csv');
    writeFileSync(bad, 'a,b\nb,c\nc\n');
    await expect(buildGalaxy({ input: bad, name: 'g', out: root, version: 'broken', threads: 1 })).rejects.toThrow(
      /bad\.csv, line 3/,
    );
    expect(manifestOf(root, 'g')).toEqual(before);
    expect(readdirSync(path.join(root, 'g')).sort()).toEqual(['good', 'manifest.json']);
  });

  it('refuses an empty graph and an existing version, changing nothing', async () => {
    const root = tempRoot();
    const empty = path.join(root, 'empty.csv');
    writeFileSync(empty, '# no edges yet\n');
    await expect(buildGalaxy({ input: empty, name: 'e', out: root, threads: 1 })).rejects.toThrow(/holds no nodes/);
    expect(existsSync(path.join(root, 'e'))).toBe(false);
    const input = path.join(fixtures, 'karate.dot');
    await buildGalaxy({ input, name: 'k', out: root, version: 'v1', iterations: 5, threads: 1 });
    await expect(buildGalaxy({ input, name: 'k', out: root, version: 'v1', iterations: 5, threads: 1 })).rejects.toThrow(
      /already exists/,
    );
  });

  it('rejects names that would escape the data root', async () => {
    const root = tempRoot();
    await expect(
      buildGalaxy({ input: path.join(fixtures, 'karate.csv'), name: '../evil', out: root, threads: 1 }),
    ).rejects.toThrow(/galaxy name/);
  });
});

describe('galaxy build on the command line', () => {
  const run = (args: string[]) => spawnSync(process.execPath, ['bin/galaxy.js', 'build', ...args], { encoding: 'utf8' });

  it('prints what it wrote and what it dropped', () => {
    const root = tempRoot();
    const result = run(['tests/fixtures/importers/karate.csv', '--name', 'k', '--out', root, '--iterations', '5', '--no-progress']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/nodes 34, edges 78/);
    expect(result.stdout).toMatch(/duplicate edges dropped: 0, self-loops dropped: 0/);
  });

  it('exits with 1 and one clear line for bad input or an unknown format', () => {
    const root = tempRoot();
    const bad = path.join(root, 'bad.tsv');
    writeFileSync(bad, 'a\tb\nc\n');
    const broken = run([bad, '--name', 'b', '--out', root]);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^galaxy build: bad\.tsv, line 2: expected a source and a target separated by a tab/m);
    const unknown = run([bad, '--name', 'b', '--out', root, '--format', 'xlsx']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/unknown format "xlsx"; known formats: edgelist/);
    expect(existsSync(path.join(root, 'b'))).toBe(false);
  });

  it('shows an example for every format in --help', () => {
    const help = run(['--help']).stdout;
    for (const format of ['edgelist', 'dot', 'graphml', 'gexf', 'json', 'package-lock', 'debian', 'bgp', 'graph-tool']) {
      expect(help).toMatch(new RegExp(`^  ${format} .*\\n.*galaxy build `, 'm'));
    }
  });
});
