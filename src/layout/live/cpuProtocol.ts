export type CpuLayoutRequest =
  | { type: 'start'; nodeCount: number; links: Uint32Array; seed: number; iterations?: number }
  | { type: 'step'; budgetMs: number }
  /** Time the full graph's iterations for about `budgetMs` (after one untimed), for the engine calibration. */
  | { type: 'calibrate'; nodeCount: number; links: Uint32Array; seed: number; budgetMs: number };

export type CpuLayoutReply =
  | { type: 'frame'; positions: Float32Array; iteration: number; converged: boolean }
  | { type: 'calibration'; stars: number; iterations: number; milliseconds: number }
  | { type: 'error'; message: string };
