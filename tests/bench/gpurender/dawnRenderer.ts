import { openDawnDevice } from '../../../src/layout/gpu/node/dawnDevice';
import { boundsOfBox, Camera, wholeScenePose } from '../../../src/renderer/camera';
import type { StarCells } from '../../../src/renderer/starCells';
import type { Renderer, RendererOptions } from '../../../src/renderer/types';
import { starSizes } from '../../../src/renderer/starStyle';
import { createWebGPURenderer } from '../../../src/renderer/webgpu/renderer';
import { buildGridCells } from '../../../src/stars/gridCells';
import { robustBoundingBox } from '../../../src/geometry/robustBounds';
import { OffscreenGpuCanvas } from './offscreenCanvas';

/** The project's WebGPU renderer in Node through Dawn, drawing into an offscreen canvas. */
export interface DawnRenderer {
  renderer: Renderer;
  canvas: OffscreenGpuCanvas;
  device: GPUDevice;
  adapter: string;
  software: boolean;
  timestamps: boolean;
}

/**
 * Opens Dawn's adapter (software ones too: SwiftShader here) and starts the WebGPU renderer on an
 * offscreen canvas of `width` x `height`, as the viewer does on a page: Dawn's GPU stands in for
 * navigator.gpu, the device (with timestamp-query where the adapter has it) is handed over as the
 * page's early one would be. `gpuFrameTimes` as RendererOptions has it (by default the renderer
 * times no frames on a software adapter).
 */
export async function openDawnRenderer(width: number, height: number, gpuFrameTimes?: RendererOptions['gpuFrameTimes']): Promise<DawnRenderer> {
  const dawn = await openDawnDevice({ allowSoftware: true });
  // Node 20 has no navigator; later ones have one without gpu.
  if (typeof globalThis.navigator === 'undefined') Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true });
  Object.defineProperty(globalThis.navigator, 'gpu', { value: dawn.gpu, configurable: true });
  const canvas = new OffscreenGpuCanvas(width, height);
  const started = { adapter: dawn.gpuAdapter, device: dawn.device };
  const renderer = await createWebGPURenderer(canvas as unknown as HTMLCanvasElement, {
    early: { webgpu: { takeDevice: async () => ({ started, configured: false }) } },
    gpuFrameTimes,
  });
  return { renderer, canvas, device: dawn.device, adapter: dawn.adapter, software: dawn.software, timestamps: dawn.timestamps };
}

/** Stars as the renderer holds them: in grid-cell slot order, white, at `sizes`; links as slot pairs. Returns the grid cells. */
export function showStars(renderer: Renderer, positions: Float32Array, sizes: Float32Array, links?: { sources: Uint32Array; targets: Uint32Array }): StarCells {
  const count = sizes.length;
  const grid = buildGridCells(positions);
  const slots = new Uint32Array(count);
  const bySlot = new Float32Array(count * 3);
  const sizeBySlot = new Float32Array(count);
  for (let slot = 0; slot < count; slot++) {
    const star = grid.order[slot];
    slots[star] = slot;
    bySlot.set(positions.subarray(star * 3, star * 3 + 3), slot * 3);
    sizeBySlot[slot] = sizes[star];
  }
  renderer.setStars(bySlot, new Uint8Array(count * 4).fill(255), sizeBySlot, grid);
  if (!links) {
    renderer.setLinks(undefined);
    return grid;
  }
  const pairs = new Uint32Array(links.sources.length * 2);
  for (let i = 0; i < links.sources.length; i++) {
    pairs[i * 2] = slots[links.sources[i]];
    pairs[i * 2 + 1] = slots[links.targets[i]];
  }
  renderer.setLinks(pairs);
  return grid;
}

/** A camera at `width` x `height` with the whole of `positions` in view, as a galaxy opens. */
export function wholeViewCamera(positions: Float32Array, width: number, height: number): Camera {
  const box = robustBoundingBox(positions);
  const bounds = boundsOfBox([box.minX, box.minY, box.minZ], [box.maxX, box.maxY, box.maxZ]);
  const camera = new Camera();
  camera.setViewport(width, height, width, height);
  camera.setScene(bounds);
  camera.setPose(wholeScenePose(bounds, width / height));
  return camera;
}

/** Star sizes by the node size rule from a graph's link targets, as a galaxy draws them. */
export function sizesByInDegree(nodeCount: number, targets: Uint32Array): Float32Array {
  const offsets = new Uint32Array(nodeCount + 1);
  for (const target of targets) offsets[target + 1]++;
  let max = 0;
  for (let i = 0; i < nodeCount; i++) {
    max = Math.max(max, offsets[i + 1]);
    offsets[i + 1] += offsets[i];
  }
  return starSizes(offsets, max);
}
