import type { Graph } from './graph';
import type { Manifest } from './manifest';
import type { StreamedGalaxy } from './streamedGalaxy';
import type { TiledVersionFound } from './fetch/galaxyUrls';

/** One progress event; the final event of a download is empty (both fields ''). */
export interface LoadProgress {
  message: string;
  completed: string;
}

export interface LoadOptions {
  /** Data root URL (absolute, root-relative or protocol-relative); resolved against the page. */
  dataRoot: string;
  /** Saved manifest version; used only when the manifest lists it. */
  version?: string;
  /** Position scale `s` applied to positions.bin. */
  scale?: number;
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
  /** Give up when the loader reports nothing for this long (default STALL_LIMIT_MS). */
  stallLimitMs?: number;
  /**
   * Given, the stars are handed over as soon as positions.bin is decoded, then again as each of
   * links.bin and labels.json has arrived, before the promise resolves with the whole graph.
   */
  onStreamed?: (galaxy: StreamedGalaxy) => void;
  /** Given, a version with tiles resolves as a TiledVersionFound instead of downloading the classic files. */
  tiles?: boolean;
  /** The files the page asked for before the viewer ran: its manifest and positions.bin are taken when they are this galaxy's. */
  early?: EarlyLoaderFiles;
}

/** What the page asked for before the viewer ran (src/boot/earlyRequests.ts) that the loader takes over. */
export interface EarlyLoaderFiles {
  /** The manifest asked for early when it is the one of this galaxy, data root (absolute) and `v=` version, once; undefined otherwise. */
  takeManifest(name: string, dataRoot: string, version: string | undefined): Promise<Manifest | undefined> | undefined;
  /** positions.bin of a classic version asked for early when it is the file at `url`, once; undefined otherwise. */
  takePositions(url: string): Promise<EarlyPositions | undefined>;
}

/** A classic version's positions.bin asked for as soon as the manifest named the version, before the loader ran. */
export interface EarlyPositions {
  url: string;
  /** The file; undefined when it could not be had (the loader asks again and says why). */
  bytes: Promise<ArrayBuffer | undefined>;
  /** performance.now() when the request started or its last bytes arrived: a stall counts from then. */
  quietSince(): number;
  /** Reports each further chunk's progress (loaded bytes, total when known). */
  watch(onProgress: (loaded: number, total: number | undefined) => void): void;
  /** Stops the download (its bytes resolve undefined). */
  abort(): void;
}

/** A download that reports no progress for this long has stalled (README "Hostile input"). */
export const STALL_LIMIT_MS = 30_000;

/** Why a download was given up: "nothing arrived for 30 seconds". */
export function nothingArrivedFor(limitMs: number): string {
  return `nothing arrived for ${Math.round(limitMs / 1000)} seconds`;
}

function stalled(what: string, limitMs: number): string {
  return `The download of ${what} stalled: ${nothingArrivedFor(limitMs)}`;
}

/** What the visitor reads when a download stalled; the error panel offers to try again. */
export function stalledMessage(name: string, limitMs: number): string {
  return stalled(`the galaxy “${name}”`, limitMs);
}

/** The same for a graph file opened from an address (`fileName`: the address's file). */
export function stalledFileMessage(fileName: string, limitMs: number): string {
  return stalled(`“${fileName}”`, limitMs);
}

export interface LoadedGalaxy {
  graph: Graph;
  manifest: Manifest;
  version: string;
}

/** What a load finds: the whole graph, or a version with tiles for the viewer to stream. */
export type LoadResult = LoadedGalaxy | TiledVersionFound;

export function isTiledVersion(result: LoadResult): result is TiledVersionFound {
  return 'tilesUrl' in result;
}

/** A download or decode failure whose message is shown to the visitor as is (docs/rules.md#errors). */
export class GalaxyLoadError extends Error {
  constructor(
    message: string,
    readonly kind: 'status' | 'network' | 'cancelled' | 'data' | 'stalled',
  ) {
    super(message);
    this.name = 'GalaxyLoadError';
  }
}
