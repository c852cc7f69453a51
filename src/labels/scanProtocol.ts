import type { ScanCamera } from './candidateScan';

/**
 * Main thread -> scan worker. `stars` sends copies of the drawn stars' columns once (per galaxy,
 * per resize); `write` sends the slots rewritten since (from `start` on); `pass` asks for the best
 * candidates over the [start, end) slot ranges `spans` from `camera`. At rest the worker is ended
 * (src/labels/candidateSearch.ts, SCAN_REST_MS) and a fresh one gets `stars` again.
 */
export type ScanRequest =
  | { kind: 'stars'; generation: number; positions: Float32Array; sizes: Float32Array; boosted: Uint8Array; capacity: number; minCssDiameter: number }
  | { kind: 'write'; generation: number; start: number; positions: Float32Array; sizes: Float32Array; boosted: Uint8Array }
  | { kind: 'pass'; generation: number; pass: number; camera: ScanCamera; spans: Uint32Array };

/** Scan worker -> main thread: a pass's candidates, best first, and their scores (buffers transferred). */
export interface ScanReply {
  generation: number;
  pass: number;
  ids: Uint32Array;
  scores: Float32Array;
}

/** Starts the scan worker, or returns undefined where workers are missing (Node, the unit tests). */
export function startScanWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    return new Worker(new URL('./scanWorker.ts', import.meta.url), { type: 'module', name: 'label-scan' });
  } catch {
    return undefined;
  }
}
