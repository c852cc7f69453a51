import os from 'node:os';
import type { GalaxyMeta, Manifest } from '../../data/manifest';
import { importGraph, ImportError, type GraphFormat, type ImportedGraph } from '../../importers';
import { DEFAULT_ITERATIONS, DEFAULT_SEED, forceLayout } from '../../layout/forceLayout';
import { encodeLabels, encodeLinks, encodePositions } from '../../publish/encodeWire';
import { readGraphInput } from '../../importers/readInput';
import { planPublish, timestampVersion, writeGalaxyVersion } from '../../publish/galaxyFolder';
import { tileGalaxyVersion } from '../../tiles/write/tileGalaxyVersion';
import { addCommunities } from '../../communities/writeCommunities';

export interface BuildOptions {
  input: string;
  name: string;
  out: string;
  format?: GraphFormat;
  version?: string;
  seed?: number;
  iterations?: number;
  threads?: number;
  meta?: GalaxyMeta;
  /** Prepended to every label, e.g. "AS" for a graph-tool AS graph whose names are bare numbers. */
  labelPrefix?: string;
  /** Most bytes read from the input (unzipped); default DEFAULT_MAX_INPUT_BYTES. */
  maxInputBytes?: number;
  /** Also write the tiled form (docs/tiles.md); default true. */
  tiles?: boolean;
  /** Also find the communities (docs/communities.md); default true. */
  communities?: boolean;
  onImported?: (graph: ImportedGraph) => void;
  onIteration?: (done: number, total: number) => void;
  /** Lay out with the WebGPU layout through Dawn in Node; the CPU layout when no adapter is found. */
  gpu?: boolean;
  /** With `gpu`: use a software adapter (SwiftShader, llvmpipe) too, which is slower than the CPU layout. */
  gpuAllowSoftware?: boolean;
  log?: (line: string) => void;
}

export interface BuildResult {
  graph: ImportedGraph;
  version: string;
  manifest: Manifest;
  folder: string;
}

/** Import, lay out and publish one galaxy version; throws ImportError or Error with a message for the user. */
export async function buildGalaxy(options: BuildOptions): Promise<BuildResult> {
  const version = options.version ?? timestampVersion();
  // Names, the version folder, manifest.json and galaxies.json are checked before the input is read.
  planPublish(options.out, options.name, version, options.meta);
  const bytes = await readGraphInput(options.input, options.maxInputBytes);
  const graph = importGraph(bytes, options.input, options.format);
  if (graph.labels.length === 0) throw new ImportError('the input holds no nodes: nothing to build', undefined, options.input);
  if (options.labelPrefix) graph.labels = graph.labels.map((label) => `${options.labelPrefix}${label}`);
  options.onImported?.(graph);
  const positions = (options.gpu ? await gpuLayout(graph, options) : undefined) ?? await forceLayout(
    { nodeCount: graph.labels.length, sources: graph.sources, targets: graph.targets },
    {
      seed: options.seed ?? DEFAULT_SEED,
      iterations: options.iterations ?? DEFAULT_ITERATIONS,
      // Starting workers costs more than it saves on small graphs.
      threads: options.threads ?? (graph.labels.length > 20_000 ? os.availableParallelism() : 1),
      onIteration: options.onIteration,
    },
  );
  const manifest = writeGalaxyVersion(
    options.out,
    options.name,
    version,
    {
      positions: encodePositions(positions),
      links: encodeLinks(graph.labels.length, graph.sources, graph.targets),
      labels: encodeLabels(graph.labels),
    },
    options.meta,
  );
  const galaxyDir = `${options.out}/${options.name}`;
  const withCommunities = options.communities === false ? manifest : addCommunities(galaxyDir, version, manifest).manifest;
  const tiled = options.tiles === false ? withCommunities : tileGalaxyVersion(galaxyDir, version).manifest;
  return { graph, version, manifest: tiled, folder: `${galaxyDir}/${version}` };
}

/**
 * `--gpu`: the WebGPU layout through Dawn in Node (loaded only then). Undefined, after saying why,
 * when there is no adapter to run it on (or only a software one, unless allowed): the CPU layout then.
 */
async function gpuLayout(graph: ImportedGraph, options: BuildOptions): Promise<Float32Array | undefined> {
  const log = options.log ?? (() => {});
  const { openDawnDevice, DawnUnavailableError } = await import('../../layout/gpu/node/dawnDevice');
  let dawn;
  try {
    dawn = await openDawnDevice({ allowSoftware: options.gpuAllowSoftware });
  } catch (error) {
    if (!(error instanceof DawnUnavailableError)) throw error;
    log(`--gpu: ${error.message}; laying out on the CPU instead`);
    return undefined;
  }
  log(`GPU layout on ${dawn.adapter}${dawn.software ? ' (a software adapter: slower than the CPU layout)' : ''}`);
  const { createGpuLiveLayout } = await import('../../layout/gpu/gpuLiveLayout');
  const links = new Uint32Array(2 * graph.sources.length);
  for (let k = 0; k < graph.sources.length; k++) {
    links[2 * k] = graph.sources[k];
    links[2 * k + 1] = graph.targets[k];
  }
  const layout = await createGpuLiveLayout(
    { nodeCount: graph.labels.length, links },
    { seed: options.seed ?? DEFAULT_SEED, iterations: options.iterations ?? DEFAULT_ITERATIONS, batch: 25, device: dawn.device },
  );
  try {
    for (;;) {
      const frame = await layout.step();
      if (frame.converged) return frame.positions;
    }
  } finally {
    layout.dispose();
    dawn.device.destroy();
  }
}
