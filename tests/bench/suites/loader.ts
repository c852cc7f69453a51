import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeLinks } from '../../../src/data/wire/links';
import { decodePositions } from '../../../src/data/wire/positions';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import { originalLinks, originalPositions } from '../baseline/originalDecode';
import type { BenchSuite } from '../run';
import { median, openBenchBrowser } from '../support/benchBrowser';

const ROUNDS = 7;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function readVersionFile(name: string, file: string): ArrayBuffer {
  const manifest = JSON.parse(readFileSync(path.join(sharedGalaxiesDir, name, 'manifest.json'), 'utf8')) as { last: string };
  const bytes = readFileSync(path.join(sharedGalaxiesDir, name, manifest.last, file));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Median MB/s of `decode` over `buffer`, alternating with the baseline so both see the same machine state. */
function throughput(buffer: ArrayBuffer, ours: () => unknown, baseline: () => unknown) {
  const oursMs: number[] = [];
  const baselineMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let start = performance.now();
    ours();
    oursMs.push(performance.now() - start);
    start = performance.now();
    baseline();
    baselineMs.push(performance.now() - start);
  }
  const mb = buffer.byteLength / (1024 * 1024);
  const oursMBs = mb / (median(oursMs) / 1000);
  const baselineMBs = mb / (median(baselineMs) / 1000);
  return { megabytes: round(mb), oursMBs: round(oursMBs, 1), baselineMBs: round(baselineMBs, 1), ratio: round(oursMBs / baselineMBs) };
}

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with node --expose-gc (npm run bench does)');
  collect();
  collect();
}

function retainedBytes(build: () => unknown): number {
  gc();
  const before = process.memoryUsage();
  const kept = build();
  gc();
  const after = process.memoryUsage();
  if (!kept) throw new Error('nothing built');
  return after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
}

const suite: BenchSuite = {
  name: 'loader',
  async run() {
    if (!haveSharedGalaxies) return { skipped: sharedGalaxiesMissingReason };
    const positions = readVersionFile('npm', 'positions.bin');
    const links = readVersionFile('npm', 'links.bin');
    const nodeCount = positions.byteLength / 12;
    const edgeCount = decodeLinks(links, nodeCount).edgeCount;

    const decode = {
      positions: throughput(positions, () => decodePositions(positions, 1.75), () => originalPositions(positions, 1.75)),
      links: throughput(links, () => decodeLinks(links, nodeCount), () => originalLinks(links)),
    };

    // Adjacency only: positions and labels cost the same in both approaches.
    const oursBytes = retainedBytes(() => decodeLinks(links, nodeCount));
    const baselineBytes = retainedBytes(() => originalLinks(links));
    const memory = {
      edges: edgeCount,
      oursBytesPerEdge: round(oursBytes / edgeCount),
      baselineBytesPerEdge: round(baselineBytes / edgeCount),
      ratio: round(baselineBytes / oursBytes),
    };

    const page = 'tests/bench/pages/loader/index.html';
    const browser = await openBenchBrowser([page], { webgpu: false });
    try {
      await browser.page.goto(`${browser.origin}/${page}`);
      await browser.page.waitForFunction(() => typeof window.runLoaderBench === 'function');
      await browser.page.evaluate(() => window.runLoaderBench('npm', 1)); // warm the HTTP cache and JIT
      const times = await browser.page.evaluate(() => window.runLoaderBench('npm', 7));
      const ours = median(times.ours.map((run) => run.readyMs));
      const original = median(times.original.map((run) => run.readyMs));
      const transfer = median(times.transferOnly.map((run) => run.readyMs));
      const oursBlock = median(times.ours.map((run) => run.longestBlockMs));
      const originalBlock = median(times.original.map((run) => run.longestBlockMs));
      return {
        graph: 'npm',
        decode,
        memoryPerEdge: memory,
        requestToReadyMs: {
          ours: round(ours, 0),
          baseline: round(original, 0),
          speedup: round(original / ours),
          // Manifest plus the three files fetched at once and nothing else: the floor under any loader.
          transferOnly: round(transfer, 0),
          highestPossibleSpeedup: round(original / transfer),
          oursAboveTransferMs: round(ours - transfer, 0),
        },
        longestMainThreadBlockMs: {
          ours: round(oursBlock, 1),
          baseline: round(originalBlock, 1),
          ratio: round(originalBlock / oursBlock),
        },
        targets: { requestToReadySpeedup: 5, memoryRatio: 5 },
      };
    } finally {
      await browser.close();
    }
  },
};

export default suite;
