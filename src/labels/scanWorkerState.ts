import { CandidateScan } from './candidateScan';
import { isPassRequest, type PassRequest, readPass, sameScanReplyOf, type ScanReply, scanReplyOf, type ScanRequest } from './scanProtocol';

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
  /** The last pass answered, and a copy of its candidates (best first): a pass that finds the same ones, held by the main thread, says only so. */
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
    const same = heldPass !== 0 && heldPass === this.answeredPass && this.sameAsAnswered(ids);
    this.answeredPass = pass;
    if (same) return sameScanReplyOf(generation, pass);
    this.keepAnswered(ids);
    return scanReplyOf(generation, pass, ids);
  }

  private sameAsAnswered(ids: Uint32Array): boolean {
    if (ids.length !== this.answeredCount) return false;
    const answered = this.answeredIds;
    for (let i = 0; i < ids.length; i++) if (ids[i] !== answered[i]) return false;
    return true;
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
