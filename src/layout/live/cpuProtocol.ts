export type CpuLayoutRequest =
  | { type: 'start'; nodeCount: number; links: Uint32Array; seed: number; iterations?: number }
  | { type: 'step'; budgetMs: number };

export type CpuLayoutReply =
  | { type: 'frame'; positions: Float32Array; iteration: number; converged: boolean }
  | { type: 'error'; message: string };
