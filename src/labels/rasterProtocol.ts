import type { RasterizedName } from './labelAtlas';

/** Main thread -> names' worker: display texts to rasterise in the given CSS font family. */
export interface RasterRequest {
  kind: 'raster';
  fontFamily: string;
  texts: string[];
}

/** Names' worker -> main thread: each text's distance field (buffers transferred). */
export interface RasterReply {
  kind: 'raster';
  names: Array<RasterizedName & { key: string }>;
}

/** Whether the names' worker can rasterise (it needs OffscreenCanvas). */
export function workerCanRasterize(): boolean {
  return typeof OffscreenCanvas !== 'undefined';
}
