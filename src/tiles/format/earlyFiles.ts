import { fillPath, TILE_INDEX_FILE, tileFilePaths } from './layout';
import type { LoadTileFile } from './loadTileFile';
import { isStalled } from './tileError';

/** Files of a tiles folder asked for before a reader wanted them, by path relative to `tiles/`. */
export type EarlyFiles = ReadonlyMap<string, Promise<Uint8Array>>;

/** Early files that came, as bytes that can be posted to a worker. */
export type HandedFiles = [path: string, bytes: Uint8Array][];

/**
 * What the first frame of a tiled galaxy reads, asked for all at once: index.json and, under the
 * names the writer gives them by default (gzip), the hierarchy and the root tile, which index.json
 * would otherwise name a round trip later. For a galaxy written with other names (`--no-compress`)
 * the two guesses miss, and a reader asks for the paths index.json names.
 */
export function loadFirstTileFiles(load: LoadTileFile, signal?: AbortSignal): EarlyFiles {
  const { hierarchy, tiles } = tileFilePaths('gzip');
  const files = new Map([TILE_INDEX_FILE, hierarchy, fillPath(tiles, 0)].map((path) => [path, load(path, signal)] as const));
  for (const file of files.values()) file.catch(() => {}); // a missed guess is not an error
  return files;
}

/**
 * `load`, except that the first read of a path in `early` takes that file, unless it could not be
 * had (then it is loaded again, and fails with the reader's own message if it fails again). A file
 * that stalled is not asked for again: its host has already been waited for as long as allowed.
 */
export function withEarlyFiles(load: LoadTileFile, early: EarlyFiles): LoadTileFile {
  const waiting = new Map(early);
  return async (path, signal) => {
    const file = waiting.get(path);
    waiting.delete(path);
    if (!file) return load(path, signal);
    try {
      return await file;
    } catch (error) {
      if (isStalled(error)) throw error;
      return load(path, signal);
    }
  };
}

/** The early files that came, once all have settled; those that did not come are left out. */
export async function handedFiles(early: EarlyFiles): Promise<HandedFiles> {
  const settled = await Promise.all([...early].map(async ([path, file]) => [path, await file.catch(() => undefined)] as const));
  return settled.flatMap(([path, bytes]) => (bytes ? [[path, bytes] as [string, Uint8Array]] : []));
}

/** Handed files as early files again, on the side that received them. */
export function earlyFilesOf(files: HandedFiles): EarlyFiles {
  return new Map(files.map(([path, bytes]) => [path, Promise.resolve(bytes)]));
}
