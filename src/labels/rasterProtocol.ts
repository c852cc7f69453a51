import type { RasterizedName } from './labelAtlas';

/** Main thread -> raster worker: display texts to rasterise in the given CSS font family. */
export interface RasterRequest {
  fontFamily: string;
  texts: string[];
}

/** Raster worker -> main thread: each text's distance field (buffers transferred). */
export interface RasterReply {
  names: Array<RasterizedName & { key: string }>;
}

/** Starts the raster worker, or returns undefined where workers or OffscreenCanvas are missing. */
export function startRasterWorker(): Worker | undefined {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return undefined;
  try {
    return new Worker(new URL('./rasterWorker.ts', import.meta.url), { type: 'module', name: 'label-raster' });
  } catch {
    return undefined;
  }
}
