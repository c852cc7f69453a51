import type { GraphData } from '../graph';
import type { GalaxyLoadError, LoadProgress } from '../loadTypes';
import type { Manifest } from '../manifest';
import type { FetchGalaxyRequest } from '../fetch/fetchGalaxy';

export type LoaderRequest = { type: 'load'; request: FetchGalaxyRequest };

export type LoaderReply =
  | { type: 'progress'; progress: LoadProgress; url: string }
  | { type: 'done'; data: GraphData; manifest: Manifest; version: string }
  | { type: 'error'; message: string; kind: GalaxyLoadError['kind'] };
