import type { ScanCamera } from './candidateScan';

/**
 * Main thread -> names' worker (its scan; src/labels/namesThread.ts). `stars` sends copies of the drawn stars' columns once (per galaxy,
 * per resize); `write` sends the slots rewritten since (from `start` on); a pass (PassRequest) asks
 * for the best candidates from a camera over the [start, end) slot ranges last sent (the worker
 * keeps them; a new plan's cells or a fresh worker send them again). At rest the worker is ended
 * (src/labels/namesThread.ts, NAMES_REST_MS) and a fresh one gets `stars` again.
 */
export type ScanRequest =
  | { kind: 'stars'; generation: number; positions: Float32Array; sizes: Float32Array; boosted: Uint8Array; capacity: number; minCssDiameter: number }
  | { kind: 'write'; generation: number; start: number; positions: Float32Array; sizes: Float32Array; boosted: Uint8Array }
  | PassRequest;

/**
 * A pass, a flight's one request every pass: one array and no object around it, copied by
 * postMessage from an array the sender keeps (PassWriter), so that a pass allocates nothing and
 * transfers nothing. Its words: [generation, pass, held pass (whose candidates the main thread
 * holds, 0 for none), span words, the camera's 20 floats (their bits), the spans' [start, end)
 * pairs (only when they changed)].
 */
export type PassRequest = Uint32Array;

/** Floats in a packed camera: the view-projection (16), the position (3), the pixel ratio. */
export const PACKED_SCAN_CAMERA_FLOATS = 20;
const CAMERA_AT = 4;
const SPANS_AT = CAMERA_AT + PACKED_SCAN_CAMERA_FLOATS;

export function isPassRequest(request: { kind: string } | PassRequest): request is PassRequest {
  return request instanceof Uint32Array;
}

/** Writes pass requests: into one kept array when no spans go with them, a new one sized for the spans otherwise. */
export class PassWriter {
  private readonly words = new Uint32Array(SPANS_AT);
  private readonly floats = new Float32Array(this.words.buffer, CAMERA_AT * 4, PACKED_SCAN_CAMERA_FLOATS);

  write(generation: number, pass: number, heldPass: number, camera: ScanCamera, spans: Uint32Array | undefined): PassRequest {
    // An array sized for its spans (postMessage copies a view's whole buffer, so the kept one stays at its size).
    const words = spans ? new Uint32Array(SPANS_AT + spans.length) : this.words;
    words[0] = generation;
    words[1] = pass;
    words[2] = heldPass;
    words[3] = spans ? spans.length : 0;
    const floats = spans ? new Float32Array(words.buffer, CAMERA_AT * 4, PACKED_SCAN_CAMERA_FLOATS) : this.floats;
    floats.set(camera.viewProjection);
    floats.set(camera.position, 16);
    floats[19] = camera.pixelRatio;
    if (spans) words.set(spans, SPANS_AT);
    return words;
  }
}

/** A pass request's parts, as views of its array. */
export function readPass(words: PassRequest): { generation: number; pass: number; heldPass: number; camera: ScanCamera; spans: Uint32Array | undefined } {
  const floats = new Float32Array(words.buffer, words.byteOffset + CAMERA_AT * 4, PACKED_SCAN_CAMERA_FLOATS);
  const spanWords = words[3];
  return {
    generation: words[0],
    pass: words[1],
    heldPass: words[2],
    camera: { viewProjection: floats.subarray(0, 16), position: floats.subarray(16, 19), pixelRatio: floats[19] },
    spans: spanWords > 0 ? words.subarray(SPANS_AT, SPANS_AT + spanWords) : undefined,
  };
}

/**
 * Names' worker -> main thread: a pass's candidates, best first, and the same slots in ascending
 * order (for the main thread's lookups, which then sort nothing in the reply's task), in one
 * transferred array and no object around it: [generation, pass, count, ids..., sorted ids...]; or,
 * where they are the very candidates of the held pass the request named (a flight's usual pass:
 * about three in four on tiled npm), [generation, pass, SAME_AS_HELD] and nothing to adopt.
 */
export type ScanReply = Uint32Array;

/** A reply's count that says "the held pass's candidates, unchanged". */
const SAME_AS_HELD = 0xffffffff;
const IDS_AT = 3;

export function isScanReply(reply: unknown): reply is ScanReply {
  return reply instanceof Uint32Array;
}

/** A pass's reply for `ids` (best first). */
export function scanReplyOf(generation: number, pass: number, ids: Uint32Array): ScanReply {
  const count = ids.length;
  const reply = new Uint32Array(IDS_AT + count * 2);
  reply[0] = generation;
  reply[1] = pass;
  reply[2] = count;
  reply.set(ids, IDS_AT);
  const sorted = reply.subarray(IDS_AT + count);
  sorted.set(ids);
  sorted.sort();
  return reply;
}

/** A pass's reply that its candidates are the held pass's. */
export function sameScanReplyOf(generation: number, pass: number): ScanReply {
  return Uint32Array.of(generation, pass, SAME_AS_HELD);
}

export const replyGeneration = (reply: ScanReply): number => reply[0];
export const replyPass = (reply: ScanReply): number => reply[1];
/** The reply says the candidates are the held pass's (it carries none). */
export const replyIsSame = (reply: ScanReply): boolean => reply[2] === SAME_AS_HELD;
/** The reply's candidates, best first (a view of it; empty for a same reply). */
export const replyIds = (reply: ScanReply): Uint32Array => (replyIsSame(reply) ? reply.subarray(0, 0) : reply.subarray(IDS_AT, IDS_AT + reply[2]));
/** The same candidates in ascending order (a view of it). */
export const replySortedIds = (reply: ScanReply): Uint32Array => (replyIsSame(reply) ? reply.subarray(0, 0) : reply.subarray(IDS_AT + reply[2]));
