/**
 * `npm run bench -- unpack`: the tile worker's unpacker (one reused zlib state, pako) against fflate's
 * gunzipSync into the same reused buffer (the viewer's unpacker until 26 November 2026), over a
 * generated galaxy's adjacency shards, name shards and star tiles: typed-array bytes each leaves
 * behind per file (counted, the same on any machine) and the time of a round, in the same run.
 * UNPACK_BENCH_GALAXY picks the galaxy (synthetic-10m by default, else synthetic-1m when absent);
 * UNPACK_BENCH_FILES caps the files of each kind (200). Times are medians of three rounds, each in a Node of its own.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { E2E_TILED_DIR } from '../../support/e2eTiledGalaxies';
import { TEST_VERSION } from '../../support/tiledGalaxies';
import { runUnpackAllocations } from '../../support/unpack/runUnpackAllocations';
import type { BenchSuite } from '../run';
import { median } from '../support/benchBrowser';

const FILES = Number(process.env.UNPACK_BENCH_FILES ?? 200);
const ROUNDS = 3;
const KINDS = ['adjacency', 'labels', 'stars'] as const;

function galaxyFolder(): string | undefined {
  const names = process.env.UNPACK_BENCH_GALAXY ? [process.env.UNPACK_BENCH_GALAXY] : ['synthetic-10m', 'synthetic-1m'];
  return names.map((name) => path.join(E2E_TILED_DIR, name, TEST_VERSION, 'tiles')).find((folder) => existsSync(folder));
}

function gzipFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (found.length >= FILES) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.gz')) found.push(full);
    }
  };
  walk(folder);
  return found;
}

/** The median time of ROUNDS uncounted rounds. */
function medianRound(unpacker: 'scratch' | 'fflate', files: string[]): number {
  return median(Array.from({ length: ROUNDS }, () => runUnpackAllocations(unpacker, files, false).ms));
}

const suite: BenchSuite = {
  name: 'unpack',
  async run() {
    const folder = galaxyFolder();
    if (!folder) return { skipped: `no generated galaxy under ${E2E_TILED_DIR} (the e2e tests or the tiles bench generate one)` };
    const kinds: Record<string, unknown> = {};
    for (const kind of KINDS) {
      const files = gzipFiles(path.join(folder, kind));
      if (files.length === 0) continue;
      const fflate = { ...runUnpackAllocations('fflate', files), ms: medianRound('fflate', files) };
      const scratch = { ...runUnpackAllocations('scratch', files), ms: medianRound('scratch', files) };
      kinds[kind] = {
        files: files.length,
        unpackedMB: Number((scratch.unpackedBytes / 2 ** 20).toFixed(1)),
        allocatedBytesPerFile: { fflate: fflate.allocatedBytesPerFile, reusedZlibState: scratch.allocatedBytesPerFile },
        roundMs: { fflate: fflate.ms, reusedZlibState: scratch.ms },
        timeRatioToFflate: Number((scratch.ms / Math.max(1, fflate.ms)).toFixed(2)),
      };
    }
    return { galaxy: path.basename(path.dirname(path.dirname(folder))), kinds };
  },
};

export default suite;
