import { RestTimer } from '../timing/restTimer';
import type { RasterReply } from './rasterProtocol';
import { isScanReply, type ScanReply } from './scanProtocol';

/**
 * No scan pass begun and no name rasterised for this long: the view rests, and the names' worker is
 * ended with its copy of the columns (1.6 MB on 100k drawn stars, 3.2 MB on npm), its glyph scratch,
 * its thread and its isolate, rather than held until the next move; that move's first pass starts a
 * fresh worker and sends it a fresh copy (about as long as a write of every slot, and a worker start
 * of some 20 ms).
 */
export const NAMES_REST_MS = 5_000;

/** What uses the names' worker: asked before the worker is ended, told when it was. */
export interface NamesThreadUser {
  /** Work sent and not answered yet: the worker is not ended while any user says so. */
  busy(): boolean;
  /** The worker was ended at rest: the next take() starts a fresh one, which holds nothing. */
  ended(): void;
}

/**
 * The one worker thread of a StarLabels, which runs both the candidate scan (scanProtocol.ts) and the
 * names' rasterising (rasterProtocol.ts): one extra isolate, not one for each. Started at once,
 * ended at rest (NAMES_REST_MS after the last answer, once nothing waits on it), started again by
 * the next pass or name that asks for it. Its one 'message' listener on each worker hands a scan
 * reply to the scan's taker and a raster reply to the rasters' (one call a reply, not one for each
 * listener, the other returning at once).
 */
export class NamesThread {
  private worker: Worker | undefined;
  private readonly users = new Set<NamesThreadUser>();
  private readonly rest: RestTimer;
  private scanTaker: ((reply: ScanReply) => void) | undefined;
  private rasterTaker: ((reply: RasterReply) => void) | undefined;

  constructor(
    private readonly start: () => Worker | undefined,
    restMs = NAMES_REST_MS,
  ) {
    this.rest = new RestTimer(restMs, this.endAtRest);
    this.worker = this.started();
  }

  /** A worker runs now (none at rest). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** The worker, started again if it was ended; undefined where none starts. */
  take(): Worker | undefined {
    this.worker ??= this.started();
    return this.worker;
  }

  /** Scan replies go to `taker` (the search that sent the passes); the returned function stops that. */
  takeScanReplies(taker: (reply: ScanReply) => void): () => void {
    this.scanTaker = taker;
    return () => {
      if (this.scanTaker === taker) this.scanTaker = undefined;
    };
  }

  /** Raster replies go to `taker`; the returned function stops that. */
  takeRasterReplies(taker: (reply: RasterReply) => void): () => void {
    this.rasterTaker = taker;
    return () => {
      if (this.rasterTaker === taker) this.rasterTaker = undefined;
    };
  }

  /** Adds a user; the returned function removes it. */
  join(user: NamesThreadUser): () => void {
    this.users.add(user);
    return () => this.users.delete(user);
  }

  /** An answer came in: the rest counts from now. */
  answered(): void {
    this.rest.restart();
  }

  /** Ends the worker now, whatever waits on it (the names are disposed, or the worker failed). */
  stop(): void {
    this.rest.cancel();
    this.end();
  }

  private end(): void {
    this.worker?.removeEventListener('message', this.route);
    this.worker?.terminate();
    this.worker = undefined;
  }

  private started(): Worker | undefined {
    const worker = this.start();
    worker?.addEventListener('message', this.route);
    return worker;
  }

  private route = (event: MessageEvent<ScanReply | RasterReply>) => {
    const reply = event.data;
    if (isScanReply(reply)) this.scanTaker?.(reply);
    else this.rasterTaker?.(reply);
  };

  private endAtRest = () => {
    // A user still waiting restarts the rest with its answer.
    for (const user of this.users) if (user.busy()) return;
    if (!this.worker) return;
    this.end();
    for (const user of this.users) user.ended();
  };
}

/** Starts the names' worker (scan and rasterising), or returns undefined where workers are missing (Node, the unit tests). */
export function startNamesWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    return new Worker(new URL('./namesWorker.ts', import.meta.url), { type: 'module', name: 'label-names' });
  } catch {
    return undefined;
  }
}
