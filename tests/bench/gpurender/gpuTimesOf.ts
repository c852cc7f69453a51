import type { Renderer } from '../../../src/renderer/types';

/**
 * The GPU frame times `renderer` reports for the frames submitted so far, waiting (without drawing)
 * until `expected` have come or a second has passed: the renderer's readback maps come a little
 * after the GPU's work is done. None where the renderer times no frames.
 */
export async function gpuTimesOf(renderer: Renderer, expected: number): Promise<number[]> {
  if (!renderer.gpuFrameTimes) return [];
  const times: number[] = [];
  const until = performance.now() + 1_000;
  while (times.length < expected && performance.now() < until) {
    times.push(...renderer.gpuFrameTimes());
    if (times.length < expected) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return times;
}
