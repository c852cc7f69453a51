/** A graph to lay out in the browser: node ids 0..nodeCount-1, links as pairs of node ids. */
export interface LayoutGraph {
  readonly nodeCount: number;
  /** Two node ids per link. */
  readonly links: Uint32Array;
}

export interface LayoutFrame {
  /** x, y, z per node, in the same coordinate range as `galaxy build` writes. */
  readonly positions: Float32Array;
  readonly iteration: number;
  readonly converged: boolean;
}

/** A force layout that runs while the visitor watches: each step advances it and hands back positions to draw. */
export interface LiveLayout {
  readonly engine: 'webgpu' | 'cpu-workers';
  /** Runs the next batch of iterations. */
  step(): Promise<LayoutFrame>;
  dispose(): void;
}

export type LiveLayoutFactory = (graph: LayoutGraph, options: { readonly seed: number }) => Promise<LiveLayout>;
