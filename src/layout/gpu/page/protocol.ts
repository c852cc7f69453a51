/** What the Node side asks the GPU layout page to do (src/layout/gpu/page) and what it answers. */
export interface GpuLayoutRequest {
  seed: number;
  iterations?: number;
  batch?: number;
  theta?: number;
  method?: 'octree' | 'tree' | 'exact';
}

/** One level of the multilevel layout as the GPU ran it. */
export interface GpuLevelTiming {
  nodes: number;
  iterations: number;
  /**
   * Iterations timed and their seconds, read-backs included: every batch but the level's first
   * (which uploads the level, and on the coarsest compiles the pipelines) when the level ran more
   * than one batch.
   */
  timedIterations: number;
  timedSeconds: number;
}

export interface GpuLayoutStats {
  adapter: string;
  /** `GPUAdapterInfo.isFallbackAdapter` (true for SwiftShader in Chromium). */
  fallbackAdapter: boolean;
  converged: boolean;
  /** Iterations over all levels. */
  iterations: number;
  levels: number;
  /** Iterations on the full graph (the finest level) and the seconds they took, read-backs included. */
  finestIterations: number;
  finestSeconds: number;
  /** From the first step to convergence, coarsening and read-backs included. */
  wallSeconds: number;
  /** Coarsest level first. */
  levelTimings: GpuLevelTiming[];
}

/** The page's binary graph: node count, link count, then source and target per link (all u32 little-endian). */
export function encodeGraph(nodeCount: number, sources: Uint32Array, targets: Uint32Array): Uint8Array {
  const words = new Uint32Array(2 + 2 * sources.length);
  words[0] = nodeCount;
  words[1] = sources.length;
  for (let k = 0; k < sources.length; k++) {
    words[2 + 2 * k] = sources[k];
    words[3 + 2 * k] = targets[k];
  }
  return new Uint8Array(words.buffer);
}

export function decodeGraph(buffer: ArrayBuffer): { nodeCount: number; links: Uint32Array } {
  const words = new Uint32Array(buffer);
  return { nodeCount: words[0], links: words.subarray(2, 2 + 2 * words[1]) };
}

/** Function the page puts on `window` for the Node side to call. */
export const PAGE_ENTRY = 'galaxyGpuLayout';
export const GRAPH_PATH = '/graph.bin';
export const POSITIONS_PATH = '/positions.bin';
