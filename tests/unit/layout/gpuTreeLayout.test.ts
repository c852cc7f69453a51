import { beforeAll, describe, expect, it } from 'vitest';
import { forceLayoutRaw } from '../../../src/layout/forceLayout';
import { generatedLayout } from '../../bench/support/generatedLayouts';
import type { LayoutProbeResult } from './dawn/layoutProbe';
import { layOutInDawn, layoutQuality } from './dawn/probeAgainstCpu';

/**
 * A small graph and a short schedule (ITERATIONS per level, the same for both layouts), so that
 * SwiftShader converges in CI time (its dispatches, not the stars, cost the time at this size);
 * every level above EXACT_UP_TO (lowered here) runs the tree, as the full-size levels of a real
 * galaxy do. With the CLI's 200 per level: 800 iterations, 243 s here, the same quality.
 */
const N = Number(process.env.GPU_TREE_LAYOUT_NODES ?? 250);
const graph = generatedLayout(N, 'clustered', 3);
const SEED = 42;
const ITERATIONS = 60;

function quality(positions: ArrayLike<number>) {
  return layoutQuality(graph, positions);
}

let gpu: LayoutProbeResult;
beforeAll(() => {
  gpu = layOutInDawn(graph, { seed: SEED, method: 'tree', exactUpTo: 64, iterations: ITERATIONS }, 600_000);
}, 600_000);

describe('the GPU layout with its tree (Dawn on SwiftShader)', () => {
  it('converges to the CPU layout\'s quality, within 5% on both measures', async () => {
    const cpu = quality(await forceLayoutRaw(graph, { seed: SEED, iterations: ITERATIONS }));
    const mine = quality(gpu.positions);
    console.log({ nodes: N, iterations: gpu.iterations, seconds: gpu.seconds, gpu: mine, cpu });
    // Lower is better for the edge ratio (links short against random pairs), higher for neighbourhoods.
    expect(mine.edgeLengthRatio).toBeLessThanOrEqual(cpu.edgeLengthRatio * 1.05);
    expect(mine.neighbourhoodPreservation).toBeGreaterThanOrEqual(cpu.neighbourhoodPreservation * 0.95);
  }, 120_000);
});
