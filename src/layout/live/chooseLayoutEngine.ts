import type { LiveLayout } from './liveLayout';

export type LayoutEngine = LiveLayout['engine'];

/**
 * What this browser's WebGPU offers the layout: no adapter at all, a software one (SwiftShader,
 * WebGPU run on the CPU, far slower than the CPU layout) or a hardware GPU; judged by the renderer's
 * rule (src/renderer/softwareRasteriser.ts), which the star budget asks too.
 */
export type WebGpuAdapterKind = 'none' | 'software' | 'hardware';

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

/**
 * Which live layout runs (docs/rules.md#layout): the address decides when it names one; otherwise
 * the WebGPU layout on a hardware adapter only, and the CPU workers on a software adapter or
 * without WebGPU (measured: `npm run bench -- gpulayout`, docs/decisions.md).
 */
export function chooseLayoutEngine(inAddress: LayoutEngine | undefined, adapter: WebGpuAdapterKind): LayoutEngine {
  if (inAddress) return inAddress;
  return adapter === 'hardware' ? 'webgpu' : 'cpu-workers';
}
