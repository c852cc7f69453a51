import { webGpuDeadlineMs, type Calibration, type EngineTiming } from './chooseLayoutEngine';
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

/** The WebGPU timing, or why there is none; past `deadlineMs` the measurement is told to stop and not waited for. */
async function gpuTiming(sample: LayoutGraph, seed: number, budgetMs: number, deadlineMs: number): Promise<EngineTiming | string> {
  const stop = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      stop.abort();
      resolve(`no timing within ${(deadlineMs / 1000).toFixed(1)} s`);
    }, deadlineMs);
  });
  const run = import('../gpu/measureGpuEngine').then(({ measureGpuEngine }) => measureGpuEngine(sample, seed, budgetMs, stop.signal));
  try {
    return await Promise.race([run, late]);
  } catch (error) {
    return `failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Times both engines on the same sample of `graph` (calibrationSample), one after the other so that
 * neither slows the other: the CPU workers' layout in a worker, then the WebGPU layout on a device of
 * its own (loaded only here) within webGpuDeadlineMs. A WebGPU failure is its timing's reason, never
 * the page's error.
 */
export async function calibrateEngines(graph: LayoutGraph, seed: number): Promise<Calibration> {
  const sample = calibrationSample(graph);
  const budgetMs = calibrationBudgetMs(sample.nodeCount);
  const cpu = await measureCpuEngine(sample, seed, budgetMs);
  const webgpu = await gpuTiming(sample, seed, budgetMs, webGpuDeadlineMs(cpu, graph.nodeCount));
  return { cpu, webgpu };
}
