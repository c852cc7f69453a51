/**
 * Communities (docs/communities.md): modularity and time of this Leiden against igraph's Leiden
 * (Debian's python3-igraph, seed 1, the same simplified undirected graph) on npm and crates from
 * ../shared/galaxies and a generated 1M galaxy, graphology-communities-louvain beside it at 1M, and
 * time and peak memory at 10M generated stars. Each run is a child process, so its peak RSS is its own.
 * BENCH_COMMUNITIES_SIZES=1m,10m picks the generated galaxies (generated once into
 * BENCH_COMMUNITIES_DIR, default the system's temporary folder); BENCH_COMMUNITIES_GRAPHOLOGY=0 skips the library.
 * The 10M run takes about 5 minutes of CPU and 1.4 GB (docs/decisions.md), generating it 2 more minutes once.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { haveSharedGalaxies, sharedGalaxiesDir } from '../../support/sharedGalaxies';
import type { BenchSuite } from '../run';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const generatedDir = process.env.BENCH_COMMUNITIES_DIR ?? path.join(os.tmpdir(), 'galaxy-bench-communities');
const sizes = (process.env.BENCH_COMMUNITIES_SIZES ?? '1m,10m').toLowerCase().split(',').filter(Boolean);
const withGraphology = process.env.BENCH_COMMUNITIES_GRAPHOLOGY !== '0';
/** The memory the 10M run is held to, stated up front (docs/decisions.md). */
const MEMORY_LIMIT_MB = 4096;
const PYTHON = '/usr/bin/python3';

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

interface ChildResult {
  seconds: number;
  modularity: number;
  communities: number;
  levels: { count: number; modularity: number }[];
  peakRssMb: number;
}

function runChild(mode: 'ours' | 'graphology', versionDir: string): ChildResult | { error: string } {
  const child = spawnSync(
    process.execPath,
    [`--max-old-space-size=${MEMORY_LIMIT_MB}`, '--import', 'tsx', path.join(here, '../support/communitiesChild.ts'), mode, versionDir],
    { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (child.status !== 0) return { error: `${mode} exited ${child.status ?? child.signal}: ${child.stderr.slice(-500)}` };
  return JSON.parse(child.stdout.trim().split('\n').pop() as string) as ChildResult;
}

function runIgraph(versionDir: string, starCount: number): { modularity: number; seconds: number; communities: number } | { error: string } {
  if (!existsSync(PYTHON)) return { error: `${PYTHON} not found` };
  const child = spawnSync(PYTHON, [path.join(here, '../support/igraphLeiden.py'), path.join(versionDir, 'links.bin'), String(starCount), '1'], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (child.status !== 0) return { error: `igraph: ${child.stderr.slice(-300)} (apt-get install -y python3-igraph)` };
  return JSON.parse(child.stdout.trim()) as { modularity: number; seconds: number; communities: number };
}

function lastVersionDir(galaxyDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(galaxyDir, 'manifest.json'), 'utf8')) as { last: string };
  return path.join(galaxyDir, manifest.last);
}

/** `galaxy generate` once per machine: the classic files only. */
function ensureGenerated(stars: number, name: string): string {
  const galaxyDir = path.join(generatedDir, name);
  if (!existsSync(path.join(galaxyDir, 'manifest.json'))) {
    const made = spawnSync(
      process.execPath,
      ['bin/galaxy.js', 'generate', '--stars', String(stars), '--name', name, '--out', generatedDir, '--version-name', 'v1', '--seed', '7', '--no-tiles'],
      { cwd: repo, encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`galaxy generate ${name}: ${made.stderr}`);
  }
  return lastVersionDir(galaxyDir);
}

function measure(versionDir: string, options: { igraph: boolean; graphology: boolean }): Record<string, unknown> {
  const starCount = statSync(path.join(versionDir, 'positions.bin')).size / 12;
  const ours = runChild('ours', versionDir);
  const igraph = options.igraph ? runIgraph(versionDir, starCount) : undefined;
  const graphology = options.graphology ? runChild('graphology', versionDir) : undefined;
  const summary = (result: ChildResult | { error: string }) =>
    'error' in result
      ? result
      : { seconds: round(result.seconds, 2), modularity: round(result.modularity, 4), communities: result.communities, peakRssMb: Math.round(result.peakRssMb) };
  const ratio = (result: ChildResult | { error: string }, reference: { modularity: number } | { error: string } | undefined) =>
    reference && !('error' in reference) && !('error' in result) ? round(result.modularity / reference.modularity, 3) : undefined;
  return {
    stars: starCount,
    ours: { ...summary(ours), ...('error' in ours ? {} : { levels: ours.levels.map((l) => ({ count: l.count, modularity: round(l.modularity, 4) })) }) },
    ...(igraph ? { igraphLeiden: 'error' in igraph ? igraph : { seconds: round(igraph.seconds, 2), modularity: round(igraph.modularity, 4), communities: igraph.communities } } : {}),
    ...(graphology ? { graphologyLouvain: summary(graphology) } : {}),
    modularityOverIgraph: ratio(ours, igraph),
    ...(graphology ? { graphologyOverIgraph: ratio(graphology, igraph) } : {}),
  };
}

const suite: BenchSuite = {
  name: 'communities',
  async run() {
    const results: Record<string, unknown> = { memoryLimitMb: MEMORY_LIMIT_MB, cores: os.availableParallelism() };
    if (haveSharedGalaxies) {
      for (const name of ['crates', 'npm']) {
        if (readdirSync(sharedGalaxiesDir).includes(name)) results[name] = measure(lastVersionDir(path.join(sharedGalaxiesDir, name)), { igraph: true, graphology: false });
      }
    }
    if (sizes.includes('1m')) results.generated1m = measure(ensureGenerated(1_000_000, 'synthetic-1m'), { igraph: true, graphology: withGraphology });
    if (sizes.includes('10m')) results.generated10m = measure(ensureGenerated(10_000_000, 'synthetic-10m'), { igraph: false, graphology: false });
    return results;
  },
};

export default suite;
