import type { DecodedHierarchy } from '../format/hierarchyCodec';
import type { TileIndex } from '../format/tileIndex';
import type { TileAnswer, TileRequest } from './tileSource';

/** Messages from the page to the tile worker. */
export type TileWorkerRequest =
  /** `tilesUrl` is absolute: a worker resolves relative URLs against its own script, not the page. */
  | { type: 'open'; tilesUrl: string }
  | { type: 'request'; id: number; request: TileRequest }
  /** The page no longer wants request `id` (the camera left the tile): abort its fetch. */
  | { type: 'cancel'; id: number }
  /** A tile's buffer the page has copied into its slot pool, handed back to decode another tile into. */
  | { type: 'recycle'; buffer: ArrayBuffer };

/** Messages from the tile worker to the page. */
export type TileWorkerReply =
  | { type: 'opened'; index: TileIndex; hierarchy: DecodedHierarchy }
  | { type: 'open-failed'; message: string }
  | { type: 'answer'; id: number; answer: TileAnswer }
  | { type: 'failed'; id: number; message: string; tile?: number };
