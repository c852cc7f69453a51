import { handedFiles, loadFirstTileFiles } from '../tiles/format/earlyFiles';
import type { DecodedTile } from '../tiles/format/tileCodec';
import { fetchTileFiles } from '../tiles/format/loadTileFile';
import type { TileIndex } from '../tiles/format/tileIndex';
import type { TileSource } from '../tiles/stream/tileSource';
import { openWorkerTileSource } from '../tiles/stream/tileWorkerClient';
import { tileStallLimitMs } from '../tiles/stream/stallLimit';
import { addressedGalaxy } from '../url/addressedGalaxy';
import { download } from './fetch/download';
import { manifestUrl, tiledVersion } from './fetch/galaxyUrls';
import { parseManifest } from './fetch/parseManifest';
import { chooseVersion, type Manifest } from './manifest';

/** A version with tiles whose first files were asked for early: its tile worker, index and root tile. */
interface EarlyTiles {
  tilesUrl: string;
  source: Promise<TileSource>;
  /** Read on the page, before the tile worker has opened. */
  index: Promise<TileIndex>;
  root: Promise<DecodedTile>;
  /** Stops the tile worker, opened or not. */
  stop(): void;
}

/** The first requests of the galaxy the page's address opens. */
interface EarlyGalaxy {
  name: string;
  /** Absolute. */
  dataRoot: string;
  version: string | undefined;
  /** Undefined once taken; resolves undefined when the manifest could not be had (the loader asks again and says why). */
  manifest: Promise<Manifest | undefined> | undefined;
  tiles: Promise<EarlyTiles | undefined>;
}

let early: EarlyGalaxy | undefined;

const ignore = () => undefined;

/**
 * Starts the first requests of the galaxy the page's address opens, before the viewer's code has
 * loaded (src/boot.ts: the main bundle downloads and starts meanwhile): its manifest and, when the
 * version streams tiles, index.json, the hierarchy and the root tile, all at once, read on the page
 * for the entry to draw and handed to a tile worker started meanwhile. The loader and openTiledGalaxy take
 * them over when they open that galaxy (takeEarlyManifest, takeEarlyTiles); opening another drops them.
 * Says whether the address opens a galaxy.
 */
export function startEarlyRequests(href: string, dataRoot: string, now: () => number = Date.now): boolean {
  const galaxy = addressedGalaxy(href);
  if (!galaxy || typeof fetch === 'undefined') return false;
  const root = new URL(dataRoot, href).href;
  const url = manifestUrl(root, galaxy.name, now());
  const manifest = download(url, (input, init) => fetch(input, init), undefined)
    .then((bytes) => parseManifest(new TextDecoder().decode(bytes), url))
    .catch(ignore);
  const tiles = manifest.then((found) => {
    const tiled = found && tiledVersion(root, galaxy.name, found, chooseVersion(found, galaxy.version), galaxy.tiles);
    if (!tiled) return undefined;
    const opening = new AbortController();
    const stallLimitMs = tileStallLimitMs(new URL(href).search);
    const files = loadFirstTileFiles(fetchTileFiles(tiled.tilesUrl, () => stallLimitMs), opening.signal);
    const source = openWorkerTileSource(tiled.tilesUrl, opening.signal, { files: handedFiles(files), stallLimitMs });
    const first = import('../tiles/stream/readRootTile').then(({ readRootTile }) => readRootTile(tiled.tilesUrl, files, stallLimitMs));
    const index = first.then((read) => read.index);
    const rootTile = first.then((read) => read.root);
    for (const answer of [source, index, rootTile]) answer.catch(ignore);
    const stop = () => {
      opening.abort();
      source.then((opened) => opened.dispose(), ignore);
    };
    return { tilesUrl: tiled.tilesUrl, source, index, root: rootTile, stop };
  });
  early = { name: galaxy.name, dataRoot: root, version: galaxy.version, manifest, tiles };
  return true;
}

/** Drops the early requests that nobody took: the tile worker stops. */
function dropEarlyRequests(): void {
  const dropped = early;
  early = undefined;
  void dropped?.tiles.then((tiles) => tiles?.stop());
}

/**
 * The manifest asked for early when it is the one of this galaxy, data root (absolute) and `v=`
 * version, once; undefined otherwise (and the early requests are dropped).
 */
export function takeEarlyManifest(name: string, dataRoot: string, version: string | undefined): Promise<Manifest | undefined> | undefined {
  const manifest = early?.manifest;
  if (!early || !manifest || early.name !== name || early.dataRoot !== dataRoot || early.version !== version) {
    dropEarlyRequests();
    return undefined;
  }
  early.manifest = undefined;
  return manifest;
}

/** The early tile source of `tilesUrl` with its root tile, once; undefined otherwise (and the early requests are dropped). */
export async function takeEarlyTiles(tilesUrl: string): Promise<EarlyTiles | undefined> {
  const waiting = early;
  const tiles = await waiting?.tiles;
  if (waiting !== early) return undefined;
  if (tiles?.tilesUrl !== tilesUrl) {
    dropEarlyRequests();
    return undefined;
  }
  early = undefined;
  return tiles;
}

/** The early tiles of the address's galaxy, left for openTiledGalaxy to take; undefined when none were started. */
export function earlyTiles(): Promise<EarlyTiles | undefined> | undefined {
  return early?.tiles;
}
