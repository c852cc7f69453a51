import type { StarCells } from '../renderer/starCells';
import { CandidateScan, type ScanCamera, scanSpans } from './candidateScan';
import { isPassRequest, PassWriter, replyGeneration, replyIds, replyIsSame, replyPass, replySortedIds, type ScanReply, type ScanRequest } from './scanProtocol';
import type { NamesThread } from './namesThread';

/**
 * The star names' search for candidates, as StarLabels drives it: in slices on this thread
 * (`sliced`: step() until it returns true), or in the scan worker (the pass ends by itself and
 * calls back). Either way at most one pass runs; the caller starts the next when it ends.
 */
export interface CandidateSearch {
  readonly running: boolean;
  readonly sliced: boolean;
  /**
   * A pass may begin while one runs (the worker's: it scans the latest pass, and answers one whose
   * candidates stay only when no pass follows); else the next begins when the one running ends.
   */
  readonly passesOverlap: boolean;
  begin(camera: ScanCamera, cells?: StarCells): void;
  /** Scans until `deadline` (performance.now() time); true when the pass finished. */
  step(deadline: number): boolean;
  /** The last finished pass's slots, best first. */
  result(): Uint32Array;
  /** result()'s slots in ascending order where the search brings them sorted (the worker's), else undefined. */
  sortedResult(): Uint32Array | undefined;
  /** These slots' positions, sizes or boosted marks changed: the next pass sees them. */
  written(start: number, count: number): void;
  dispose(): void;
}

/** The drawn stars' columns as the search reads them, by slot. */
export interface SearchStars {
  positions: Float32Array;
  sizes: Float32Array;
  /** 1 for a star ranked above all others (highlighted, search results). */
  boosted: Uint8Array;
}

/** The search on the main thread, in slices under a time budget (where there is no worker). */
export class SlicedCandidateSearch implements CandidateSearch {
  readonly sliced = true;
  readonly passesOverlap = false;
  private readonly scan: CandidateScan;

  constructor(stars: SearchStars, capacity: number, minCssDiameter: number) {
    this.scan = new CandidateScan(stars.positions, stars.sizes, capacity, minCssDiameter, stars.boosted);
  }

  get running(): boolean {
    return this.scan.running;
  }

  begin(camera: ScanCamera, cells?: StarCells): void {
    this.scan.begin(camera, cells);
  }

  step(deadline: number): boolean {
    return this.scan.step(deadline);
  }

  result(): Uint32Array {
    return this.scan.result();
  }

  sortedResult(): undefined {
    return undefined;
  }

  /** The scan reads the columns themselves: nothing to do. */
  written(): void {}

  dispose(): void {}
}

/** Written slot ranges beyond this many are sent as the one range that covers them all. */
const MAX_WRITES = 64;

let nextGeneration = 0;

/** Stands for "the worker holds no spans": undefined cannot, since undefined cells mean all the stars. */
const NO_SPANS_HELD = Symbol('no spans held');

/**
 * The search in the names' worker (a NamesThread, shared with the rasterising). The worker gets a
 * copy of the columns once, then only the slot ranges written since, sent with the next pass; each
 * pass sends the camera and the slot ranges to walk and gets back the candidates. `onFinished` is
 * called when a pass's candidates are in. At rest the thread ends the worker (NAMES_REST_MS), and
 * the next pass starts one and sends it the columns again. A pass names the pass whose candidates
 * are held here; where the worker finds the same ones it says only so, and `onFinished` is told
 * that nothing changed.
 */
export class WorkerCandidateSearch implements CandidateSearch {
  readonly sliced = false;
  readonly passesOverlap = true;
  private readonly generation = nextGeneration++;
  private pass = 0;
  /** The pass whose candidates `done` holds, as the worker sent them (0: none from this worker's copy, which answers the next pass in full). */
  private heldPass = 0;
  private pending = false;
  /** performance.now() when the pass in progress was sent. */
  private sentAt = 0;
  /** The last answered pass's wall time from sent to candidates in, ms. */
  lastPassMs = 0;
  private done: Uint32Array = new Uint32Array(0);
  private doneSorted: Uint32Array = new Uint32Array(0);
  /** The cells whose spans the worker holds (undefined cells are all the stars), or none held yet. */
  private spansHeldFor: StarCells | undefined | typeof NO_SPANS_HELD = NO_SPANS_HELD;
  /** Writes each pass's request into one kept array (postMessage copies it). */
  private readonly passes = new PassWriter();
  /** Written [start, end) slot ranges not sent yet. */
  private writes: Array<[number, number]> = [];
  /** The worker this search listens to; undefined at rest (the next pass starts one and sends it the columns whole). */
  private worker: Worker | undefined;
  /** Leaves the thread's users. */
  private readonly leave: () => void;
  /** Stops the thread handing this search scan replies. */
  private readonly stopTaking: () => void;

  constructor(
    private readonly thread: NamesThread,
    private readonly stars: SearchStars,
    private readonly capacity: number,
    private readonly minCssDiameter: number,
    /** A pass's candidates are in; `changed` false when they are the held ones (result() is as it was). */
    private readonly onFinished: (changed: boolean) => void,
    /** The worker failed (did not load, threw): the caller searches on this thread instead. */
    private readonly onFailed: () => void,
  ) {
    this.leave = thread.join({ busy: () => this.pending, ended: this.workerEnded });
    this.stopTaking = thread.takeScanReplies(this.takeScanReply);
    this.listen();
  }

  get running(): boolean {
    return this.pending;
  }

  begin(camera: ScanCamera, cells?: StarCells): void {
    // The thread's rest timer stays armed through a flight's passes (it waits while one is pending): no clear and set per pass.
    if (!this.worker && !this.listen()) return;
    this.sendWrites();
    this.pending = true;
    this.sentAt = performance.now();
    // The worker keeps the last spans: sent again only for other cells (a new plan) or a fresh worker.
    const spans = cells === this.spansHeldFor ? undefined : scanSpans(this.stars.sizes.length, cells);
    this.spansHeldFor = cells;
    this.post(this.passes.write(this.generation, ++this.pass, this.heldPass, camera, spans));
  }

  /** The pass runs in the worker: nothing to do here. */
  step(): boolean {
    return !this.pending;
  }

  result(): Uint32Array {
    return this.done;
  }

  sortedResult(): Uint32Array {
    return this.doneSorted;
  }

  written(start: number, count: number): void {
    if (!this.worker) return;
    const end = Math.min(start + count, this.stars.sizes.length);
    if (end <= start) return;
    this.writes.push([start, end]);
    if (this.writes.length > MAX_WRITES) this.writes = [[Math.min(...this.writes.map((w) => w[0])), Math.max(...this.writes.map((w) => w[1]))]];
  }

  dispose(): void {
    this.leave();
    this.stopTaking();
    this.unlisten();
    this.pending = false;
  }

  /** Takes the thread's worker (starting one at rest) and sends it the columns; false, after failing, where none starts. */
  private listen(): boolean {
    const worker = this.thread.take();
    if (!worker) {
      this.fail();
      return false;
    }
    this.worker = worker;
    worker.addEventListener('error', this.fail);
    this.sendStars();
    return true;
  }

  private unlisten(): void {
    this.worker?.removeEventListener('error', this.fail);
    this.worker = undefined;
  }

  private fail = () => {
    this.dispose();
    this.onFailed();
  };

  /**
   * The last pass's answer ends it; an earlier pass's new candidates (answered before the worker
   * took the passes after it) are newer than those held, and taken too.
   */
  private takeScanReply = (reply: ScanReply) => {
    const pass = replyPass(reply);
    if (replyGeneration(reply) !== this.generation || !this.pending) return;
    const same = replyIsSame(reply);
    if (pass !== this.pass && (same || pass <= this.heldPass)) return;
    this.thread.answered();
    if (pass === this.pass) {
      this.pending = false;
      this.lastPassMs = performance.now() - this.sentAt;
    }
    if (same) return this.onFinished(false);
    this.heldPass = pass;
    this.done = replyIds(reply);
    this.doneSorted = replySortedIds(reply);
    this.onFinished(true);
  };

  /** The thread ended the worker at rest (no pass pending): the next pass starts one and sends it the columns. */
  private workerEnded = () => {
    this.unlisten();
    this.writes = [];
  };

  /** A copy of the columns as they are now, which the worker adopts. */
  private sendStars(): void {
    const { positions, sizes, boosted } = this.stars;
    this.writes = [];
    this.spansHeldFor = NO_SPANS_HELD;
    this.heldPass = 0;
    this.post({ kind: 'stars', generation: this.generation, positions: positions.slice(), sizes: sizes.slice(), boosted: boosted.slice(), capacity: this.capacity, minCssDiameter: this.minCssDiameter });
  }

  /** Sends the written ranges, merged where they overlap or touch. */
  private sendWrites(): void {
    if (this.writes.length === 0) return;
    const sorted = this.writes.sort((a, b) => a[0] - b[0]);
    this.writes = [];
    const { positions, sizes, boosted } = this.stars;
    let [start, end] = sorted[0];
    const send = () =>
      this.post({ kind: 'write', generation: this.generation, start, positions: positions.slice(start * 3, end * 3), sizes: sizes.slice(start, end), boosted: boosted.slice(start, end) });
    for (let i = 1; i < sorted.length; i++) {
      const [nextStart, nextEnd] = sorted[i];
      if (nextStart <= end) end = Math.max(end, nextEnd);
      else {
        send();
        [start, end] = [nextStart, nextEnd];
      }
    }
    send();
  }

  /** A pass is copied (its array is kept for the next); the columns' copies made for the worker are transferred. */
  private post(request: ScanRequest): void {
    if (isPassRequest(request)) this.worker?.postMessage(request);
    else this.worker?.postMessage(request, [request.positions.buffer as ArrayBuffer, request.sizes.buffer as ArrayBuffer, request.boosted.buffer as ArrayBuffer]);
  }
}
