import type { HandedFiles } from '../format/earlyFiles';
import type { DecodedHierarchy } from '../format/hierarchyCodec';
import type { TileIndex } from '../format/tileIndex';
import type { TileAnswer, TileRequest } from './tileSource';

/** Messages from the page to the tile worker. */
export type TileWorkerRequest =
  /**
   * `tilesUrl` is absolute: a worker resolves relative URLs against its own script, not the page.
   * `files`: what the page has already read of the folder (its first files), not to be read again.
   * `stallLimitMs`: how long a file may send nothing before it is given up (the page's tileStallLimitMs).
   */
  | { type: 'open'; tilesUrl: string; files?: HandedFiles; stallLimitMs?: number }
  | { type: 'request'; id: number; request: TileRequest }
  /** The page no longer wants request `id` (the camera left the tile): abort its fetch. */
  | { type: 'cancel'; id: number }
  /** A tile's buffer the page has copied into its slot pool, handed back to decode another tile into. */
  | { type: 'recycle'; buffer: ArrayBuffer };

/** Messages from the tile worker to the page. */
export type TileWorkerReply =
  | { type: 'opened'; index: TileIndex; hierarchy: DecodedHierarchy }
  /** `stalled`: the failure was a file of which nothing arrived for the stall limit (TileDataError.stalled). */
  | { type: 'open-failed'; message: string; stalled?: boolean }
  | { type: 'answer'; id: number; answer: TileAnswer }
  | { type: 'failed'; id: number; message: string; tile?: number; stalled?: boolean };

const WORKER_NAME_PREFIX = 'tiles ';

/**
 * The tile worker's name, which carries the tiles address so that the worker opens the galaxy as
 * soon as it runs: a message posted to a worker before its script has run waits for the page's main
 * thread to pass it on, and that thread is busy starting the viewer then.
 */
export function tileWorkerName(tilesUrl: string): string {
  return `${WORKER_NAME_PREFIX}${tilesUrl}`;
}

/** The tiles address a tile worker's name carries, if any. */
export function tilesUrlOfWorkerName(name: string): string | undefined {
  return name.startsWith(WORKER_NAME_PREFIX) ? name.slice(WORKER_NAME_PREFIX.length) : undefined;
}
