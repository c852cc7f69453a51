import { download } from '../data/fetch/download';
import { manifestUrl, tiledVersion, versionFileUrl } from '../data/fetch/galaxyUrls';
import { parseManifest } from '../data/fetch/parseManifest';
import type { EarlyGalaxyFiles, EarlyTiles } from '../data/earlyFiles';
import type { EarlyPositions } from '../data/loadTypes';
import { chooseVersion, type Manifest } from '../data/manifest';
import { handedFiles, loadFirstTileFiles } from '../tiles/format/earlyFiles';
import { fetchTileFiles } from '../tiles/format/loadTileFile';
import { openWorkerTileSource } from '../tiles/stream/tileWorkerClient';
import { tileStallLimitMs } from '../tiles/stream/stallLimit';
import { addressedGalaxy } from '../url/addressedGalaxy';
import { EarlyPositionsDownload } from './earlyPositions';

/** The first requests of the galaxy the page's address opens. */
interface EarlyGalaxy {
  name: string;
  /** Absolute. */
  dataRoot: string;
  version: string | undefined;
  /** Undefined once taken; resolves undefined when the manifest could not be had (the loader asks again and says why). */
  manifest: Promise<Manifest | undefined> | undefined;
  tiles: Promise<EarlyTiles | undefined>;
  /** A classic version's positions.bin; undefined for a version with tiles or without a manifest. */
  positions: Promise<EarlyPositions | undefined>;
}

const ignore = () => undefined;

/**
 * The first requests of the galaxy the page's address opens, made before the viewer's code has
 * loaded (src/boot.ts: the main bundle downloads and starts meanwhile): its manifest and, when the
 * version streams tiles, index.json, the hierarchy and the root tile, all at once, read on the page
 * for the entry to draw and handed to a tile worker started beside them; when it is a classic version,
 * its positions.bin, read on the page for the entry to draw and handed to the loader. The loader and
 * openTiledGalaxy take them over when they open that galaxy (takeManifest, takePositions,
 * takeTiles); opening another drops them.
 */
export class EarlyRequests implements EarlyGalaxyFiles {
  private early: EarlyGalaxy | undefined;

  /** Starts the requests of the galaxy `href` opens; undefined when it opens none. */
  static start(href: string, dataRoot: string, now: () => number = Date.now): EarlyRequests | undefined {
    const galaxy = addressedGalaxy(href);
    if (!galaxy || typeof fetch === 'undefined') return undefined;
    const root = new URL(dataRoot, href).href;
    const url = manifestUrl(root, galaxy.name, now());
    const manifest = download(url, (input, init) => fetch(input, init), undefined)
      .then((bytes) => parseManifest(new TextDecoder().decode(bytes), url))
      .catch(ignore);
    // The root tile's reader is asked for beside the manifest, not with the tile files once it
    // answered: there it would be one more request beside them, past the six a host is given.
    const rootTileReader = import('../tiles/stream/readRootTile');
    rootTileReader.catch(ignore);
    const versionFiles = manifest.then((found) => {
      if (!found) return {};
      const version = chooseVersion(found, galaxy.version);
      const tiled = tiledVersion(root, galaxy.name, found, version, galaxy.tiles);
      if (tiled) return { tiles: startTiles(tiled.tilesUrl, href, rootTileReader) };
      return { positions: new EarlyPositionsDownload(versionFileUrl(root, found, galaxy.name, version, 'positions.bin')) };
    });
    const tiles = versionFiles.then((files) => files.tiles);
    const positions = versionFiles.then((files) => files.positions);
    return new EarlyRequests({ name: galaxy.name, dataRoot: root, version: galaxy.version, manifest, tiles, positions });
  }

  private constructor(early: EarlyGalaxy) {
    this.early = early;
  }

  /** The early tiles of the address's galaxy, left for openTiledGalaxy to take; undefined when none were started. */
  tiles(): Promise<EarlyTiles | undefined> | undefined {
    return this.early?.tiles;
  }

  /** The early positions.bin of the address's classic galaxy, left for the loader to take; undefined when none was started. */
  positions(): Promise<EarlyPositions | undefined> | undefined {
    return this.early?.positions;
  }

  takeManifest(name: string, dataRoot: string, version: string | undefined): Promise<Manifest | undefined> | undefined {
    const early = this.early;
    const manifest = early?.manifest;
    if (!early || !manifest || early.name !== name || early.dataRoot !== dataRoot || early.version !== version) {
      this.drop();
      return undefined;
    }
    early.manifest = undefined;
    return manifest;
  }

  async takeTiles(tilesUrl: string): Promise<EarlyTiles | undefined> {
    const waiting = this.early;
    const tiles = await waiting?.tiles;
    if (waiting !== this.early) return undefined;
    if (tiles?.tilesUrl !== tilesUrl) {
      this.drop();
      return undefined;
    }
    this.early = undefined;
    return tiles;
  }

  async takePositions(url: string): Promise<EarlyPositions | undefined> {
    const waiting = this.early;
    const positions = await waiting?.positions;
    if (waiting !== this.early) return undefined;
    if (positions?.url !== url) {
      this.drop();
      return undefined;
    }
    this.early = undefined;
    return positions;
  }

  /** Drops the early requests that nobody took: the tile worker stops, positions.bin's download ends. */
  drop(): void {
    const dropped = this.early;
    this.early = undefined;
    void dropped?.tiles.then((tiles) => tiles?.stop());
    void dropped?.positions.then((positions) => positions?.abort());
  }
}

/** A tiled version's first files, read on the page and handed to a tile worker started beside them. */
function startTiles(tilesUrl: string, href: string, rootTileReader: Promise<typeof import('../tiles/stream/readRootTile')>): EarlyTiles {
  const opening = new AbortController();
  const stallLimitMs = tileStallLimitMs(new URL(href).search);
  const files = loadFirstTileFiles(fetchTileFiles(tilesUrl, () => stallLimitMs), opening.signal);
  // The worker starts now, while the page's main thread is free to start it (tile.worker.ts), but
  // fetches its code only when handed the first files, once they have settled (came, failed or
  // stalled): beside them its code would share a slow link with the root tile.
  const source = openWorkerTileSource(tilesUrl, opening.signal, { files: handedFiles(files), stallLimitMs });
  const first = rootTileReader.then(({ readRootTile }) => readRootTile(tilesUrl, files, stallLimitMs));
  const index = first.then((read) => read.index);
  const root = first.then((read) => read.root);
  for (const answer of [source, index, root]) answer.catch(ignore);
  const stop = () => {
    opening.abort();
    source.then((opened) => opened.dispose(), ignore);
  };
  return { tilesUrl, source, index, root, stop };
}
