import type { GraphData } from '../graph';
import { GalaxyLoadError, type LoadProgress } from '../loadTypes';
import { chooseVersion, type Manifest } from '../manifest';
import { assembleGraph, checkedPositions } from '../wire/decodeGalaxy';
import { GalaxyDataError } from '../wire/labels';
import { LabelsScanner, NotUtf8Error } from '../wire/labelsScanner';
import { LinksReader } from '../wire/linksReader';
import { decodePositions, type DecodedPositions } from '../wire/positions';
import { download, downloadChunks, formatCompleted, type FetchLike } from './download';
import { manifestUrl, tiledVersion, versionFileUrl, type TiledVersionFound } from './galaxyUrls';
import { parseManifest } from './parseManifest';

export interface FetchGalaxyRequest {
  name: string;
  /** Absolute data root URL. */
  dataRoot: string;
  version?: string;
  scale?: number;
  /** Stream the version's tiles when the manifest announces them, instead of the classic files. */
  tiles?: boolean;
  /** The manifest, when the page already has it (src/boot/earlyRequests.ts): not downloaded again. */
  manifest?: Manifest;
  /** positions.bin of the version, when the page already has it (with the manifest): not downloaded again. */
  positionsBin?: ArrayBuffer;
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
  /** Called as soon as positions.bin is decoded, before links and labels are done. */
  onPositions?: (positions: DecodedPositions, version: string) => void;
  /** Called when a streamed file has been read to its end. */
  onFileArrived?: (file: 'links' | 'labels') => void;
}

const FILES = ['positions', 'links', 'labels'] as const;
type FileKind = (typeof FILES)[number];
const FILE_NAMES: Record<FileKind, string> = {
  positions: 'positions.bin',
  links: 'links.bin',
  labels: 'labels.json',
};

/**
 * docs/rules.md#data-and-loading: manifest, then positions, links and labels fetched in parallel, then decoded
 * into typed arrays with '{graph}: initializing edges' progress.
 */
export async function fetchGalaxy(request: FetchGalaxyRequest, context: FetchGalaxyContext): Promise<FetchedGalaxy> {
  const { manifest, version } = await fetchManifest(request, context);
  return fetchClassicFiles(request, context, manifest, version);
}

/**
 * A tiled version when the request allows tiles and the manifest announces them for the version
 * chosen, else the whole graph from the classic files.
 */
export async function fetchGalaxyOrTiles(request: FetchGalaxyRequest, context: FetchGalaxyContext): Promise<FetchedGalaxy | TiledVersionFound> {
  const { manifest, version } = request.manifest
    ? { manifest: request.manifest, version: chooseVersion(request.manifest, request.version) }
    : await fetchManifest(request, context);
  return tiledVersion(request.dataRoot, request.name, manifest, version, request.tiles) ?? fetchClassicFiles(request, context, manifest, version);
}

async function fetchManifest(request: FetchGalaxyRequest, context: FetchGalaxyContext): Promise<{ manifest: Manifest; version: string }> {
  const { name } = request;
  const report = context.onProgress ?? (() => undefined);
  const mUrl = manifestUrl(request.dataRoot, name, (context.now ?? Date.now)());
  report({ message: `${name}: downloading manifest`, completed: '0%' }, mUrl);
  const manifestBytes = await download(mUrl, context.fetch, context.signal);
  const manifest = parseManifest(new TextDecoder().decode(manifestBytes), mUrl);
  return { manifest, version: chooseVersion(manifest, request.version) };
}

async function fetchClassicFiles(request: FetchGalaxyRequest, context: FetchGalaxyContext, manifest: Manifest, version: string): Promise<FetchedGalaxy> {
  const { name } = request;
  const report = context.onProgress ?? (() => undefined);

  const urls = Object.fromEntries(
    FILES.map((kind) => [kind, versionFileUrl(request.dataRoot, manifest, name, version, FILE_NAMES[kind])]),
  ) as Record<FileKind, string>;
  const progressOf = (kind: FileKind) => (loaded: number, total: number | undefined) =>
    report({ message: `${name}: downloading ${kind}`, completed: formatCompleted(loaded, total) }, urls[kind]);
  const fetchFile = (kind: FileKind) => download(urls[kind], context.fetch, context.signal, progressOf(kind));
  const streamFile = (kind: FileKind, reader: { push(chunk: Uint8Array): void }) => {
    const done = downloadChunks(urls[kind], context.fetch, context.signal, (chunk) => reader.push(chunk), progressOf(kind));
    // Awaited later; until then a failure must not count as unhandled.
    done.catch(() => undefined);
    return done;
  };

  // All three download at once (when streaming stars, links and labels right after positions).
  // Labels and links are read as their bytes arrive, positions are
  // decoded as soon as they are complete; what is left when the last byte lands is filling the
  // adjacency arrays, which needs the node count from positions.
  try {
    // Said at once: the manifest may have come from the page, and the first bytes may take a while.
    report({ message: `${name}: downloading positions`, completed: '0%' }, urls.positions);
    const positionsBin = request.positionsBin ? Promise.resolve(request.positionsBin) : fetchFile('positions');
    const positionsReady = positionsBin.then((buffer) => {
      const positions = checkedPositions(decodePositions(buffer, request.scale ?? 1));
      context.onPositions?.(positions, version);
      return positions;
    });
    // Streaming stars: positions.bin gets the connection to itself first. Sharing it three ways
    // brings the stars barely sooner than the whole graph wherever bandwidth is the limit.
    if (context.onPositions) await positionsReady;
    const links = new LinksReader();
    const linksReady = streamFile('links', links);
    const labels = new LabelsScanner();
    const labelsReady = streamFile('labels', labels).then(() => context.onFileArrived?.('labels'));
    labelsReady.catch(() => undefined);
    const positions = await positionsReady;
    await linksReady;
    const adjacency = links.finish(positions.nodeCount, (done, total) =>
      report({ message: `${name}: initializing edges`, completed: formatCompleted(done, total) }, urls.links),
    );
    context.onFileArrived?.('links');
    await labelsReady;
    const data = assembleGraph(name, version, positions, adjacency, labels.finish(positions.nodeCount));
    return { data, manifest, version };
  } catch (error) {
    if (error instanceof GalaxyDataError) throw new GalaxyLoadError(`${name}: ${error.message}`, 'data');
    if (error instanceof NotUtf8Error) throw new GalaxyLoadError(`labels.json at ${urls.labels} is not UTF-8 text`, 'data');
    throw error;
  }
}
