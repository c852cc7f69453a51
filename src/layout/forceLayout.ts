import { DEFAULT_GRAVITY, DEFAULT_ITERATIONS, DEFAULT_SEED, InPlaceRepulsion, MultilevelLayout, type LayoutInput } from './multilevel';
import { RepulsionPool } from './repulsionPool';
import { scaleToGalaxy } from './scaleToGalaxy';

export { DEFAULT_GRAVITY, DEFAULT_ITERATIONS, DEFAULT_SEED, type LayoutInput } from './multilevel';

export interface LayoutOptions {
  seed?: number;
  /** Iterations on the full graph; each coarser level gets as many (they cost less). */
  iterations?: number;
  /** Threads sharing the repulsion pass; defaults to 1. */
  threads?: number;
  /** Barnes–Hut accuracy: larger is faster and coarser. */
  theta?: number;
  /** Pull towards the centre per unit of mass and distance (ForceAtlas2's strong gravity). */
  gravity?: number;
  /**
   * Progress over all levels in node-iterations (an iteration on a level of k nodes counts k, so
   * that the share done tracks the time spent); `levelNodes` is the size of the level being refined.
   */
  onIteration?: (done: number, total: number, levelNodes: number) => void;
  signal?: AbortSignal;
}

/**
 * The CLI's layout (src/layout/multilevel.ts) run to the end in Node, the repulsion pass shared by
 * worker threads. Returns x, y, z per node in the published galaxies' coordinate range.
 */
export async function forceLayout(input: LayoutInput, options: LayoutOptions = {}): Promise<Float32Array> {
  return scaleToGalaxy(await forceLayoutRaw(input, options));
}

export async function forceLayoutRaw(input: LayoutInput, options: LayoutOptions = {}): Promise<Float64Array> {
  const threads = Math.max(1, options.threads ?? 1);
  const repulsion = threads > 1 ? new RepulsionPool(threads) : new InPlaceRepulsion();
  try {
    const layout = new MultilevelLayout(
      input,
      { seed: options.seed ?? DEFAULT_SEED, iterations: options.iterations ?? DEFAULT_ITERATIONS, theta: options.theta, gravity: options.gravity ?? DEFAULT_GRAVITY },
      repulsion,
    );
    while (!layout.finished) {
      options.signal?.throwIfAborted();
      const levelNodes = layout.levelNodes;
      await layout.iterate();
      options.onIteration?.(layout.progress, layout.total, levelNodes);
    }
    return layout.positions();
  } finally {
    await repulsion.dispose();
  }
}
