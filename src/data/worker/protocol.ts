import type { GraphData } from '../graph';
import type { GalaxyLoadError, LoadProgress } from '../loadTypes';
import type { Manifest } from '../manifest';
import type { FetchGalaxyRequest } from '../fetch/fetchGalaxy';
import type { StreamedFile } from '../streamedGalaxy';

/** `streamParts`: post positions and links as soon as each is decoded, before 'done'. */
export type LoaderRequest = { type: 'load'; request: FetchGalaxyRequest; streamParts?: boolean };

export type LoaderReply =
  | { type: 'progress'; progress: LoadProgress; url: string }
  /** Sent before 'done' so that stars can be drawn while links and labels still download and decode. */
  | { type: 'positions'; positions: Float32Array; nodeCount: number; version: string }
  | { type: 'arrived'; file: StreamedFile }
  | { type: 'done'; data: GraphData; manifest: Manifest; version: string }
  /** The version has tiles: the main thread streams them (docs/tiles.md); no classic file was fetched. */
  | { type: 'tiled'; manifest: Manifest; version: string; tilesUrl: string }
  | { type: 'error'; message: string; kind: GalaxyLoadError['kind'] };
