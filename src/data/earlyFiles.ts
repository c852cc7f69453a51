import type { DecodedTile } from '../tiles/format/tileCodec';
import type { TileIndex } from '../tiles/format/tileIndex';
import type { TileSource } from '../tiles/stream/tileSource';
import type { EarlyLoaderFiles } from './loadTypes';

/** A version with tiles whose first files were asked for early: its tile worker, index and root tile. */
export interface EarlyTiles {
  tilesUrl: string;
  source: Promise<TileSource>;
  /** Read on the page, before the tile worker has opened. */
  index: Promise<TileIndex>;
  root: Promise<DecodedTile>;
  /** Stops the tile worker, opened or not. */
  stop(): void;
}

/**
 * The files of the page's galaxy asked for before the viewer's code ran (src/boot/earlyRequests.ts),
 * which the loader and the tiles take over when they open that galaxy; asking for another drops them.
 */
export interface EarlyGalaxyFiles extends EarlyLoaderFiles {
  /** The early tile source of `tilesUrl` with its root tile, once; undefined otherwise. */
  takeTiles(tilesUrl: string): Promise<EarlyTiles | undefined>;
}
