import type { LiveLayout } from './liveLayout';

export type LayoutEngine = LiveLayout['engine'];

/**
 * What this browser's WebGPU offers the layout: no adapter at all, a software one (SwiftShader,
 * WebGPU run on the CPU) or a hardware GPU; judged by the renderer's rule
 * (src/renderer/softwareRasteriser.ts). Only `none` decides the engine; the others are shown.
 */
export type WebGpuAdapterKind = 'none' | 'software' | 'hardware';

/** One engine's calibration run: iterations timed on a sample of the graph of `stars` stars. */
export interface EngineTiming {
  readonly stars: number;
  readonly iterations: number;
  readonly milliseconds: number;
}

/** Both engines timed on the same sample; `webgpu` is a reason where the GPU gave no timing (failed, or past its deadline). */
export interface Calibration {
  readonly cpu: EngineTiming;
  readonly webgpu: EngineTiming | string;
}

export interface EngineChoice {
  readonly engine: LayoutEngine;
  /** The address named the engine; WebGPU has no adapter here; or the calibration's figures decided. */
  readonly by: 'address' | 'no-webgpu' | 'calibration';
  readonly adapter?: WebGpuAdapterKind;
  readonly calibration?: Calibration;
}

/**
 * The WebGPU layout runs only when its time per star is below this share of the CPU workers': within
 * it the two count as tied (a short timing's noise), and a tie goes to the CPU workers, which leave the
 * GPU to the renderer.
 */
export const WEBGPU_MUST_BEAT = 0.9;

/**
 * How long the WebGPU calibration may take, its pipelines' compiling included, against what waiting
 * could cost: 5% of the time the CPU workers would take on the full graph's finest level alone (200
 * iterations at their calibrated time per star), from 0.3 to 3 s. Past it the GPU counts as slower:
 * SwiftShader compiling the tree's passes takes longer than 3 s.
 */
export function webGpuDeadlineMs(cpu: EngineTiming, stars: number): number {
  const cpuFinestLevelMs = (microsecondsPerStar(cpu) * stars * 200) / 1000;
  return Math.min(3000, Math.max(300, 0.05 * cpuFinestLevelMs));
}

const ENGINE_WORDS: Record<LayoutEngine, string> = { webgpu: 'WebGPU', 'cpu-workers': 'CPU workers' };

/**
 * The engine the page address asks for (docs/rules.md#layout): `layout=webgpu`, or `layout=cpu`
 * (`layout=cpu-workers` still read); anything else leaves the choice to `chooseLayoutEngine`.
 */
export function layoutEngineInAddress(search: string): LayoutEngine | undefined {
  const value = new URLSearchParams(search).get('layout');
  if (value === 'webgpu') return 'webgpu';
  if (value === 'cpu' || value === 'cpu-workers') return 'cpu-workers';
  return undefined;
}

/** Microseconds per star and iteration; a timing without iterations is endlessly slow. */
export function microsecondsPerStar(timing: EngineTiming): number {
  if (timing.iterations <= 0 || timing.stars <= 0) return Infinity;
  return (1000 * timing.milliseconds) / (timing.iterations * timing.stars);
}

/**
 * Which live layout runs (docs/rules.md#layout): the address decides when it names one; without a
 * WebGPU adapter the CPU workers, uncalibrated; otherwise the engine that took less time per star in
 * the calibration, the WebGPU layout only when it beat the CPU workers by WEBGPU_MUST_BEAT.
 */
export function chooseLayoutEngine(
  inAddress: LayoutEngine | undefined,
  adapter: WebGpuAdapterKind,
  calibration?: Calibration,
): EngineChoice {
  if (inAddress) return { engine: inAddress, by: 'address' };
  if (adapter === 'none' || !calibration) return { engine: 'cpu-workers', by: 'no-webgpu', adapter };
  const gpu = typeof calibration.webgpu === 'string' ? Infinity : microsecondsPerStar(calibration.webgpu);
  const cpu = microsecondsPerStar(calibration.cpu);
  const engine = gpu < cpu * WEBGPU_MUST_BEAT ? 'webgpu' : 'cpu-workers';
  return { engine, by: 'calibration', adapter, calibration };
}

function timingInWords(timing: EngineTiming | string): string {
  if (typeof timing === 'string') return timing;
  const perStar = microsecondsPerStar(timing);
  const figure = Number.isFinite(perStar) ? `${perStar.toPrecision(3)} µs per star` : 'no iteration';
  return `${figure} (${timing.iterations} iterations of ${timing.stars} stars in ${Math.round(timing.milliseconds)} ms)`;
}

/** The choice and its figures in words, for the layout panel's `data-layout-choice` and the console. */
export function describeEngineChoice(choice: EngineChoice): string {
  const engine = ENGINE_WORDS[choice.engine];
  if (choice.by === 'address') return `${engine}: named by layout= in the address`;
  if (choice.by === 'no-webgpu' || !choice.calibration) return `${engine}: WebGPU has no adapter here`;
  const { cpu, webgpu } = choice.calibration;
  return `${engine}: calibrated on a ${choice.adapter} adapter; CPU workers ${timingInWords(cpu)}; WebGPU ${timingInWords(webgpu)}`;
}
