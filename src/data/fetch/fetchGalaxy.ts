import type { GraphData } from '../graph';
import { GalaxyLoadError, type LoadProgress } from '../loadTypes';
import { chooseVersion, type Manifest } from '../manifest';
import { assembleGraph, checkedPositions } from '../wire/decodeGalaxy';
import { GalaxyDataError } from '../wire/labels';
import { LabelsScanner, NotUtf8Error } from '../wire/labelsScanner';
import { decodeLinks } from '../wire/links';
import { decodePositions } from '../wire/positions';
import { download, downloadChunks, formatCompleted, type FetchLike } from './download';
import { parseManifest } from './parseManifest';

export interface FetchGalaxyRequest {
  name: string;
  /** Absolute data root URL. */
  dataRoot: string;
  version?: string;
  scale?: number;
}

export interface FetchedGalaxy {
  data: GraphData;
  manifest: Manifest;
  version: string;
}

export interface FetchGalaxyContext {
  fetch: FetchLike;
  signal?: AbortSignal;
  /** `url` is the file the event is about, so a cancellation can name it. */
  onProgress?: (progress: LoadProgress, url: string) => void;
  now?: () => number;
}

const FILES = ['positions', 'links', 'labels'] as const;
type FileKind = (typeof FILES)[number];
const FILE_NAMES: Record<FileKind, string> = {
  positions: 'positions.bin',
  links: 'links.bin',
  labels: 'labels.json',
};

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

export function manifestUrl(dataRoot: string, name: string, timestamp: number): string {
  return new URL(`${encodeURIComponent(name)}/manifest.json?nocache=${timestamp}`, withSlash(dataRoot)).href;
}

/** SPEC section 7: files come from the manifest's endpoint when it has one, else the data root. */
export function versionFileUrl(dataRoot: string, manifest: Manifest, name: string, version: string, file: string): string {
  const base = manifest.endpoint ? new URL(withSlash(manifest.endpoint), withSlash(dataRoot)).href : withSlash(dataRoot);
  return new URL(`${encodeURIComponent(name)}/${encodeURIComponent(version)}/${file}`, base).href;
}

/**
 * SPEC sections 4 and 7: manifest, then positions, links and labels fetched in parallel, then decoded
 * into typed arrays with '{graph}: initializing edges' progress.
 */
export async function fetchGalaxy(request: FetchGalaxyRequest, context: FetchGalaxyContext): Promise<FetchedGalaxy> {
  const { name } = request;
  const report = context.onProgress ?? (() => undefined);
  const mUrl = manifestUrl(request.dataRoot, name, (context.now ?? Date.now)());
  report({ message: `${name}: downloading manifest`, completed: '0%' }, mUrl);
  const manifestBytes = await download(mUrl, context.fetch, context.signal);
  const manifest = parseManifest(new TextDecoder().decode(manifestBytes), mUrl);
  const version = chooseVersion(manifest, request.version);

  const urls = Object.fromEntries(
    FILES.map((kind) => [kind, versionFileUrl(request.dataRoot, manifest, name, version, FILE_NAMES[kind])]),
  ) as Record<FileKind, string>;
  const progressOf = (kind: FileKind) => (loaded: number, total: number | undefined) =>
    report({ message: `${name}: downloading ${kind}`, completed: formatCompleted(loaded, total) }, urls[kind]);
  const fetchFile = (kind: FileKind) => download(urls[kind], context.fetch, context.signal, progressOf(kind));

  // All three download at once; labels are scanned as their bytes arrive and the binary files are
  // decoded as soon as each is complete, overlapping the others' transfer.
  try {
    const positionsReady = fetchFile('positions').then((buffer) =>
      checkedPositions(decodePositions(buffer, request.scale ?? 1)),
    );
    const labels = new LabelsScanner();
    const labelsReady = downloadChunks(urls.labels, context.fetch, context.signal, (chunk) => labels.push(chunk), progressOf('labels'));
    // Awaited below; until then a failure must not count as unhandled.
    labelsReady.catch(() => undefined);
    const [positions, linksBuffer] = await Promise.all([positionsReady, fetchFile('links')]);
    const links = decodeLinks(linksBuffer, positions.nodeCount, (done, total) =>
      report({ message: `${name}: initializing edges`, completed: formatCompleted(done, total) }, urls.links),
    );
    await labelsReady;
    const data = assembleGraph(name, version, positions, links, labels.finish(positions.nodeCount));
    return { data, manifest, version };
  } catch (error) {
    if (error instanceof GalaxyDataError) throw new GalaxyLoadError(`${name}: ${error.message}`, 'data');
    if (error instanceof NotUtf8Error) throw new GalaxyLoadError(`labels.json at ${urls.labels} is not UTF-8 text`, 'data');
    throw error;
  }
}
