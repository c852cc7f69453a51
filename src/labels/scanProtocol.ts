import type { ScanCamera } from './candidateScan';

/**
 * Main thread -> names' worker (its scan; src/labels/namesThread.ts). `stars` sends copies of the drawn stars' columns once (per galaxy,
 * per resize); `write` sends the slots rewritten since (from `start` on); `pass` asks for the best
 * candidates from `camera` (packed: see packScanCamera) over the [start, end) slot ranges `spans`, sent
 * only when they changed (the worker keeps the last; a new plan's cells or a fresh worker send them),
 * so a flight's pass is a 80-byte transferred array and a few numbers. At rest the worker is ended
 * (src/labels/namesThread.ts, NAMES_REST_MS) and a fresh one gets `stars` again.
 */
export type ScanRequest =
  | { kind: 'stars'; generation: number; positions: Float32Array; sizes: Float32Array; boosted: Uint8Array; capacity: number; minCssDiameter: number }
  | { kind: 'write'; generation: number; start: number; positions: Float32Array; sizes: Float32Array; boosted: Uint8Array }
  | { kind: 'pass'; generation: number; pass: number; camera: Float32Array; spans?: Uint32Array };

/** Floats in a packed camera: the view-projection (16), the position (3), the pixel ratio. */
export const PACKED_SCAN_CAMERA_FLOATS = 20;

/** A pass's camera as one array, transferred with the pass (one buffer, no nested objects to clone). */
export function packScanCamera(camera: ScanCamera): Float32Array {
  const packed = new Float32Array(PACKED_SCAN_CAMERA_FLOATS);
  packed.set(camera.viewProjection);
  packed.set(camera.position, 16);
  packed[19] = camera.pixelRatio;
  return packed;
}

/** The camera packScanCamera packed, as views of the packed array. */
export function unpackScanCamera(packed: Float32Array): ScanCamera {
  return { viewProjection: packed.subarray(0, 16), position: packed.subarray(16, 19), pixelRatio: packed[19] };
}

/**
 * Names' worker -> main thread: a pass's candidates, best first, and the same slots in ascending
 * order (for the main thread's lookups, which then sort nothing in the reply's task): two views of
 * one transferred buffer.
 */
export interface ScanReply {
  kind: 'candidates';
  generation: number;
  pass: number;
  ids: Uint32Array;
  sortedIds: Uint32Array;
}

/** A pass's reply for `ids` (best first): one buffer holding them and them sorted. */
export function scanReplyOf(generation: number, pass: number, ids: Uint32Array): ScanReply {
  const count = ids.length;
  const both = new Uint32Array(count * 2);
  both.set(ids);
  const sortedIds = both.subarray(count);
  sortedIds.set(ids);
  sortedIds.sort();
  return { kind: 'candidates', generation, pass, ids: both.subarray(0, count), sortedIds };
}
