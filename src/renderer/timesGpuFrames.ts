import type { RendererOptions } from './types';

/**
 * Whether a renderer times its frames on the GPU (RendererOptions.gpuFrameTimes): on a CPU rasteriser
 * everything a frame costs is CPU time, which the interval between frames says (SceneStarBudget).
 */
export function timesGpuFrames(option: RendererOptions['gpuFrameTimes'], softwareRasteriser: boolean): boolean {
  return option === 'always' || (option !== 'never' && !softwareRasteriser);
}
