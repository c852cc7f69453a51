import { sameElements } from '../renderer/sameElements';
import { CandidateScan } from './candidateScan';
import { isPassRequest, type PassRequest, readPass, replyIsSame, sameScanReplyOf, type ScanReply, scanReplyOf, type ScanRequest } from './scanProtocol';

/**
 * What the scan worker holds: its copy of the drawn stars' positions, sizes and boosted marks, kept
 * up to date by `write` requests, and the scan run over it for each `pass` in one go.
 */
export class ScanWorkerState {
  private generation = -1;
  private positions: Float32Array = new Float32Array(0);
  private sizes: Float32Array = new Float32Array(0);
  private boosted: Uint8Array = new Uint8Array(0);
  private scan: CandidateScan | undefined;
  private capacity = 0;
  private minCssDiameter = 0;
  /** The slot ranges passes walk: the last a pass brought (each stars request resets them to every slot). */
  private spans: Uint32Array = new Uint32Array(0);
  /** The last pass answered with its candidates, and a copy of them (best first): a pass that finds the same ones, held by the main thread, says only so. */
  private answeredPass = 0;
  private answeredIds = new Uint32Array(0);
  private answeredCount = 0;

  /** Slots of the copy held now. */
  get heldSlots(): number {
    return this.sizes.length;
  }

  /** Takes one request; a pass answers with its reply. */
  handle(request: ScanRequest): ScanReply | undefined {
    if (isPassRequest(request)) return this.pass(request);
    if (request.kind === 'stars') {
      this.generation = request.generation;
      this.capacity = request.capacity;
      this.minCssDiameter = request.minCssDiameter;
      this.adopt(request.positions, request.sizes, request.boosted);
      this.spans = Uint32Array.of(0, request.sizes.length);
      this.answeredPass = 0;
      return undefined;
    }
    if (request.generation !== this.generation || !this.scan) return undefined;
    const { start } = request;
    // A write of every slot (links in, stars moved) brings whole columns, transferred: they become
    // the copy, rather than being copied into it and left as garbage of the copy's size.
    if (start === 0 && request.sizes.length === this.sizes.length) {
      this.adopt(request.positions, request.sizes, request.boosted);
      return undefined;
    }
    this.positions.set(request.positions, start * 3);
    this.sizes.set(request.sizes, start);
    this.boosted.set(request.boosted, start);
    return undefined;
  }

  private pass(request: PassRequest): ScanReply | undefined {
    const { generation, pass, heldPass, camera, spans } = readPass(request);
    if (generation !== this.generation || !this.scan) return undefined;
    if (spans) this.spans = spans;
    this.scan.beginSpans(camera, this.spans);
    this.scan.step(Infinity);
    const ids = this.scan.result();
    if (heldPass !== 0 && heldPass === this.answeredPass && this.sameAsAnswered(ids)) return sameScanReplyOf(generation, pass);
    this.answeredPass = pass;
    this.keepAnswered(ids);
    return scanReplyOf(generation, pass, ids);
  }

  private sameAsAnswered(ids: Uint32Array): boolean {
    return ids.length === this.answeredCount && sameElements(ids, 0, this.answeredIds, 0, ids.length);
  }

  private keepAnswered(ids: Uint32Array): void {
    if (this.answeredIds.length < ids.length) this.answeredIds = new Uint32Array(ids.length);
    this.answeredIds.set(ids);
    this.answeredCount = ids.length;
  }

  private adopt(positions: Float32Array, sizes: Float32Array, boosted: Uint8Array): void {
    this.positions = positions;
    this.sizes = sizes;
    this.boosted = boosted;
    this.scan = new CandidateScan(positions, sizes, this.capacity, this.minCssDiameter, boosted);
  }
}

/**
 * How long the worker holds a pass's "same candidates" answer: a pass sent meanwhile (a flight sends
 * one every LABEL_SCAN_MOVING_INTERVAL_MS, a frame or two apart where frames are slow) makes it moot,
 * so a flight whose candidates stay costs the main thread no reply task; the last pass's answer
 * comes this long after the camera stopped (the names on screen are those already placed).
 */
export const SAME_ANSWER_HOLD_MS = 300;

/**
 * The names' worker's side of the scan (namesWorker.ts): requests in, replies out. Passes are taken
 * in a task of their own, the latest only where several came meanwhile (a slow scan is not followed
 * by the ones it overtook); a pass's new candidates are posted at once, a "same" answer only once
 * SAME_ANSWER_HOLD_MS passed with no newer pass.
 */
export class ScanReplier {
  readonly state = new ScanWorkerState();
  private latest: PassRequest | undefined;
  private scanTimer: ReturnType<typeof setTimeout> | undefined;
  private sameTimer: ReturnType<typeof setTimeout> | undefined;
  private sameReply: ScanReply | undefined;

  constructor(
    private readonly post: (reply: ScanReply) => void,
    private readonly sameHoldMs = SAME_ANSWER_HOLD_MS,
  ) {}

  take(request: ScanRequest): void {
    if (!isPassRequest(request)) {
      this.state.handle(request);
      return;
    }
    clearTimeout(this.sameTimer);
    this.sameTimer = undefined;
    this.latest = request;
    this.scanTimer ??= setTimeout(this.scanLatest, 0);
  }

  private scanLatest = () => {
    this.scanTimer = undefined;
    const request = this.latest;
    this.latest = undefined;
    const reply = request && this.state.handle(request);
    if (!reply) return;
    if (!replyIsSame(reply)) return this.post(reply);
    this.sameReply = reply;
    this.sameTimer = setTimeout(this.postSame, this.sameHoldMs);
  };

  private postSame = () => {
    this.sameTimer = undefined;
    if (this.sameReply) this.post(this.sameReply);
    this.sameReply = undefined;
  };
}
