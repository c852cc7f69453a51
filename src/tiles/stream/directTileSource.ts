import type { LoadTileFile } from '../format/loadTileFile';
import { ScratchUnpacker } from '../format/scratchUnpacker';
import { TiledGalaxyReader } from '../format/tiledGalaxyReader';
import { readerTileSource, type TileSource } from './tileSource';

/**
 * A tiled galaxy's source read in this thread with the tile worker's unpacker (Node tests and tools);
 * apart from tileSource.ts so that the worker's script does not take pako's inflate statically.
 */
export async function openDirectTileSource(load: LoadTileFile): Promise<TileSource> {
  return readerTileSource(await TiledGalaxyReader.open(load, undefined, new ScratchUnpacker()));
}
