import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { decodePositions } from '../../src/data/wire/positions';
import { forceLayout } from '../../src/layout/forceLayout';
import { runGpuLayoutOnPage } from '../../src/layout/gpu/chromium/gpuLayoutInChromium';
import { serveGpuLayoutPage } from '../../src/layout/gpu/chromium/gpuLayoutServer';
import { edgeLengthRatio, neighbourhoodPreservation } from '../../src/layout/quality';
import { galaxyRadius } from '../../src/layout/scaleToGalaxy';
import { importGraph } from '../../src/importers';
import { readSharedGalaxy } from '../support/readSharedGalaxy';
import { haveSharedGalaxies, sharedGalaxiesMissingReason } from '../support/sharedGalaxies';

function largestCoordinate(positions: Float32Array): number {
  let largest = 0;
  for (const value of positions) largest = Math.max(largest, Math.abs(value));
  return largest;
}

test.describe('GPU force layout in Chromium (WebGPU compute)', () => {
  test('lays out cran (7.7k nodes, 13.6k links) until it converges, no worse than the CPU layout', async ({ page }) => {
    test.skip(!haveSharedGalaxies, sharedGalaxiesMissingReason);
    // SwiftShader runs WebGPU on this machine's CPU: the full multilevel layout takes minutes here.
    test.setTimeout(900_000);
    const graph = readSharedGalaxy('cran');
    const server = await serveGpuLayoutPage(graph);
    try {
      const gpu = await runGpuLayoutOnPage(page, server, { seed: 42, batch: 25 });
      expect(gpu.stats.converged).toBe(true);
      expect(gpu.stats.levels).toBeGreaterThan(3);
      expect(gpu.positions).toHaveLength(3 * graph.nodeCount);
      expect(gpu.positions.every(Number.isFinite)).toBe(true);
      // The same coordinate range as `galaxy build` writes.
      expect(Math.abs(largestCoordinate(gpu.positions) - galaxyRadius(graph.nodeCount))).toBeLessThanOrEqual(1);

      const cpu = await forceLayout(graph, { seed: 42 });
      const gpuRatio = edgeLengthRatio(gpu.positions, graph.sources, graph.targets);
      const cpuRatio = edgeLengthRatio(cpu, graph.sources, graph.targets);
      const gpuNeighbours = neighbourhoodPreservation(gpu.positions, graph.sources, graph.targets, 500);
      const cpuNeighbours = neighbourhoodPreservation(cpu, graph.sources, graph.targets, 500);
      test.info().annotations.push({
        type: 'quality',
        description: `edge length ratio GPU ${gpuRatio.toFixed(4)} CPU ${cpuRatio.toFixed(4)}; neighbourhood preservation GPU ${gpuNeighbours.toFixed(3)} CPU ${cpuNeighbours.toFixed(3)}; ${gpu.stats.iterations} GPU iterations on ${gpu.stats.adapter}`,
      });
      // Linked stars sit far closer than random pairs, about as close as in the CPU layout. Above
      // 1024 nodes a level's cell lists are filled in the GPU's own order, so two runs of the same
      // seed differ: neighbourhood preservation was seen 1.6% under the CPU's in one run and above
      // it in others. The strict comparison is `npm run bench -- gpulayout`, over the same graphs.
      expect(gpuRatio).toBeLessThan(0.2);
      expect(gpuRatio).toBeLessThanOrEqual(cpuRatio * 1.05);
      expect(gpuNeighbours).toBeGreaterThanOrEqual(cpuNeighbours * 0.95);
    } finally {
      await server.close();
    }
  });

  test('galaxy build --gpu writes a galaxy, the same one for the same seed', async () => {
    test.setTimeout(300_000);
    const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'galaxy-gpu-build-e2e-'));
    try {
      const build = (version: string, seed: number) =>
        execFileSync(process.execPath, [
          'bin/galaxy.js', 'build', 'tests/fixtures/importers/karate.graphml', '--name', 'karate', '--out', dataRoot,
          '--version-name', version, '--seed', String(seed), '--gpu', '--no-progress',
        ], { stdio: ['ignore', 'pipe', 'pipe'] });
      build('a', 7);
      build('b', 7);
      build('c', 8);
      const read = (version: string) => {
        const bytes = readFileSync(path.join(dataRoot, 'karate', version, 'positions.bin'));
        return decodePositions(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      };
      const [a, b, c] = [read('a'), read('b'), read('c')];
      expect(a.nodeCount).toBe(34);
      expect(Array.from(b.positions)).toEqual(Array.from(a.positions));
      expect(Array.from(c.positions)).not.toEqual(Array.from(a.positions));
      const graph = importGraph(readFileSync('tests/fixtures/importers/karate.graphml'), 'karate.graphml');
      expect(edgeLengthRatio(a.positions, graph.sources, graph.targets)).toBeLessThan(0.6);
    } finally {
      rmSync(dataRoot, { recursive: true, force: true });
    }
  });

});
