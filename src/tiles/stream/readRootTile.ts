import { STALL_LIMIT_MS } from '../../data/loadTypes';
import { withEarlyFiles, type EarlyFiles } from '../format/earlyFiles';
import type { DecodedTile } from '../format/tileCodec';
import { fetchTileFiles } from '../format/loadTileFile';
import { TiledGalaxyReader } from '../format/tiledGalaxyReader';
import type { TileIndex } from '../format/tileIndex';

/**
 * A tiled galaxy's index and root tile read on the page from its first files (loadFirstTileFiles),
 * for the entry to draw before the tile worker has even started. Imported dynamically, so that its
 * code downloads only for a version with tiles.
 */
export async function readRootTile(tilesUrl: string, early: EarlyFiles, stallLimitMs = STALL_LIMIT_MS): Promise<{ index: TileIndex; root: DecodedTile }> {
  const reader = await TiledGalaxyReader.open(withEarlyFiles(fetchTileFiles(tilesUrl, () => stallLimitMs), early));
  return { index: reader.index, root: await reader.tile(0) };
}
