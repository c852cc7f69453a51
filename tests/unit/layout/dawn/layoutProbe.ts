/**
 * Run by tests through tests/support/dawnChild.ts: the GPU live layout through Dawn on a graph
 * (x, y, z per node of the converged layout, the iterations it ran, the seconds it took).
 */
import { readFileSync } from 'node:fs';
import { createGpuLiveLayout } from '../../../../src/layout/gpu/gpuLiveLayout';
import type { RepulsionMethod } from '../../../../src/layout/gpu/gpuForceEngine';
import { openDawnDevice } from '../../../../src/layout/gpu/node/dawnDevice';

export interface LayoutProbeRequest {
  nodeCount: number;
  links: number[];
  seed: number;
  method: RepulsionMethod;
  exactUpTo?: number;
  /** Most iterations per level (the CLI's schedule: 200). */
  iterations?: number;
}

export interface LayoutProbeResult {
  positions: number[];
  iterations: number;
  seconds: number;
}

const request = JSON.parse(readFileSync(process.env.GALAXY_DAWN_REQUEST_FILE ?? '', 'utf8')) as LayoutProbeRequest;
const dawn = await openDawnDevice({ allowSoftware: true });
dawn.device.addEventListener('uncapturederror', (event) => process.stderr.write(`${(event as GPUUncapturedErrorEvent).error.message}\n`));
const start = performance.now();
const layout = await createGpuLiveLayout(
  { nodeCount: request.nodeCount, links: Uint32Array.from(request.links) },
  { seed: request.seed, device: dawn.device, batch: 50, method: request.method, exactUpTo: request.exactUpTo, iterations: request.iterations },
);
let frame;
do frame = await layout.step();
while (!frame.converged);
layout.dispose();
const result: LayoutProbeResult = { positions: Array.from(frame.positions), iterations: frame.iteration, seconds: (performance.now() - start) / 1000 };
dawn.device.destroy();
process.stdout.write(`${JSON.stringify(result)}\n`);
