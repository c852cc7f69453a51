import type { Calibration, EngineTiming } from './chooseLayoutEngine';
import { calibrationSample } from './calibrationSample';
import type { LayoutGraph } from './liveLayout';
import { measureCpuEngine } from './measureCpuEngine';

/**
 * Timed milliseconds per engine, scaled to the sample: a small graph's iterations are short, so a
 * short time shows their speed; 120 ms from 4,500 stars (the sample stops at 2,048: 71 ms).
 */
export function calibrationBudgetMs(stars: number): number {
  return Math.min(120, 30 + stars / 50);
}

/**
 * The most the WebGPU measurement may take, its pipelines' compiling and first batch included: past
 * it the GPU counts as slower than any CPU timing (SwiftShader compiling the tree's passes is the case).
 */
export const WEBGPU_DEADLINE_MS = 3000;

function withDeadline<T>(work: Promise<T>, ms: number, late: string): Promise<T | string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Times both engines on the same sample of `graph` (calibrationSample), one after the other so that
 * neither slows the other: the CPU workers' layout in a worker, then the WebGPU layout on a device of
 * its own (loaded only here). A WebGPU failure is its timing's reason, never the page's error.
 */
export async function calibrateEngines(graph: LayoutGraph, seed: number): Promise<Calibration> {
  const sample = calibrationSample(graph);
  const budgetMs = calibrationBudgetMs(sample.nodeCount);
  const cpu = await measureCpuEngine(sample, seed, budgetMs);
  const gpuRun = import('../gpu/measureGpuEngine').then(({ measureGpuEngine }) => measureGpuEngine(sample, seed, budgetMs));
  const webgpu: EngineTiming | string = await withDeadline(gpuRun, WEBGPU_DEADLINE_MS, `no timing within ${WEBGPU_DEADLINE_MS / 1000} s`).catch(
    (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  return { cpu, webgpu };
}
