import { atom, type Getter, type Setter } from 'jotai';
import type { Graph } from '../../data/graph';
import type { LoadProgress, LoadedGalaxy } from '../../data/loadTypes';
import { GalaxyLoadError, isTiledVersion } from '../../data/loadTypes';
import type { StarCatalog } from '../../data/starCatalog';
import { probeRendererAdapter } from '../../renderer/adapterProbe';
import { backendOrder, forcedBackend } from '../../renderer/createRenderer';
import type { StreamingBudget } from '../../tiles/planner/streamingPlanner';
import { budgetWithStars, defaultBudget, deviceHints } from '../../tiles/planner/budgets';
import { openTiledGalaxy } from '../../tiles/stream/openTiledGalaxy';
import type { TiledGalaxy } from '../../tiles/stream/types';
import type { loadGalaxy } from '../../data/loader';
import { loadAnyGalaxy } from '../../open/loadLocalGalaxy';
import type { Manifest } from '../../data/manifest';
import type { StreamedGalaxy } from '../../data/streamedGalaxy';
import { streamingStarsWanted, streamingTilesWanted } from '../../url/pageSwitches';

/** Default data root: build-time VITE_GALAXY_DATA_ROOT, else the servers' /data. */
export const DEFAULT_DATA_ROOT: string = import.meta.env.VITE_GALAXY_DATA_ROOT ?? '/data';

export const dataRootAtom = atom<string>(DEFAULT_DATA_ROOT);

/** How galaxies are loaded and tiled versions opened; a test may put fakes here. */
export const galaxyLoaderAtom = atom<{ load: typeof loadGalaxy; openTiled?: typeof openTiledGalaxy }>({ load: loadAnyGalaxy, openTiled: openTiledGalaxy });

/** docs/rules.md#data-and-loading: the store starts in loading state. */
export const graphLoadingAtom = atom<boolean>(true);
/** Name of the graph requested last (shown before it is loaded). */
export const requestedGraphNameAtom = atom<string | undefined>(undefined);
export const loadProgressAtom = atom<LoadProgress | undefined>(undefined);
export const loadedGalaxyAtom = atom<LoadedGalaxy | undefined>(undefined);
/** The stars (and links) of the galaxy downloading now, drawn before the whole graph is there. */
export const streamedGalaxyAtom = atom<StreamedGalaxy | undefined>(undefined);
/** Whether stars are drawn from positions.bin alone (`stream=0` in the page query turns it off). */
export const streamStarsAtom = atom<boolean>(typeof location === 'undefined' || streamingStarsWanted(location.search));
/** Whether versions with tiles are streamed (`tiles=0` in the page query opens their classic files instead). */
export const streamTilesAtom = atom<boolean>(typeof location === 'undefined' || streamingTilesWanted(location.search));

/** A galaxy streamed from its tiles (docs/tiles.md), opened instead of a whole graph. */
export interface OpenedTiledGalaxy {
  tiled: TiledGalaxy;
  manifest: Manifest;
  version: string;
}
export const tiledGalaxyAtom = atom<OpenedTiledGalaxy | undefined>(undefined);

export const graphAtom = atom<Graph | undefined>((get) => get(loadedGalaxyAtom)?.graph);
/** What the panels ask about stars: the whole graph, or the tiled galaxy streaming in. */
export const catalogAtom = atom<StarCatalog | undefined>((get) => get(graphAtom) ?? get(tiledGalaxyAtom)?.tiled);
/** The galaxy open now, whole or tiled: its manifest and version. */
export const openedGalaxyAtom = atom<{ manifest: Manifest; version: string } | undefined>((get) => get(loadedGalaxyAtom) ?? get(tiledGalaxyAtom));
export const manifestAtom = atom<Manifest | undefined>((get) => get(openedGalaxyAtom)?.manifest);
/** The visitor-facing message of the last failed download (docs/rules.md#errors texts). */
export const loadErrorAtom = atom<string | undefined>(undefined);
export const loadWarningsAtom = atom<string[]>((get) => get(graphAtom)?.data.warnings ?? []);
/** Bumped each time a graph finished downloading (docs/rules.md#data-and-loading: "announces the graph was downloaded"). */
export const graphDownloadedCountAtom = atom(0);

export interface DownloadRequest {
  name: string;
  version?: string;
  scale?: number;
  /** Download again even when the same graph is current (a version change does this). */
  force?: boolean;
  /** `budget=` of the galaxy address: most stars drawn at once from a tiled galaxy. */
  budgetStars?: number;
}

interface ActiveDownload {
  key: string;
  controller: AbortController;
}

/** Per store (a read-only atom computes its object once per store), so stores never share a download. */
const activeDownloadAtom = atom<{ current: ActiveDownload | undefined }>(() => ({ current: undefined }));

function requestKey(request: DownloadRequest): string {
  return JSON.stringify([request.name, request.version ?? '', request.scale ?? 1, request.budgetStars ?? 0]);
}


/**
 * The star and memory budgets of a tiled galaxy (docs/rules.md#url, `budget`): `budget=` of the
 * address, else the default for the backend and the device, a software rasteriser's being far smaller.
 */
async function streamingBudget(budgetStars: number | undefined): Promise<StreamingBudget> {
  const { backend, softwareRasteriser } = await probeRendererAdapter(backendOrder(typeof location === 'undefined' ? undefined : forcedBackend(location.search)));
  return budgetWithStars(defaultBudget(deviceHints(backend, typeof navigator === 'undefined' ? undefined : navigator, softwareRasteriser)), budgetStars);
}

/**
 * The galaxy answers the visitor from here on (whole graph in, or a tiled galaxy's index and root
 * tile): benchmarks read this mark on the page's clock.
 */
export const INTERACTIVE_MARK = 'galaxy:interactive';

function markInteractive(): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(INTERACTIVE_MARK);
}

function closeTiled(get: Getter, set: Setter): void {
  get(tiledGalaxyAtom)?.tiled.dispose();
  set(tiledGalaxyAtom, undefined);
}

/**
 * docs/rules.md#data-and-loading: a request for a different graph sets loading, records the name, cancels the
 * previous download and fetches with progress; the same request does nothing.
 */
export const downloadGraphAtom = atom(null, async (get, set, request: DownloadRequest) => {
  const active = get(activeDownloadAtom);
  const key = requestKey(request);
  if (!request.force && active.current?.key === key) return;
  active.current?.controller.abort();
  const controller = new AbortController();
  active.current = { key, controller };

  set(graphLoadingAtom, true);
  set(requestedGraphNameAtom, request.name);
  set(loadErrorAtom, undefined);
  set(loadedGalaxyAtom, undefined);
  set(streamedGalaxyAtom, undefined);
  closeTiled(get, set);
  const onStreamed = (galaxy: StreamedGalaxy) => {
    if (!controller.signal.aborted) set(streamedGalaxyAtom, galaxy);
  };
  try {
    const loader = get(galaxyLoaderAtom);
    const onProgress = (progress: LoadProgress) => {
      if (!controller.signal.aborted) set(loadProgressAtom, progress);
    };
    const found = await loader.load(request.name, {
      dataRoot: get(dataRootAtom),
      version: request.version,
      scale: request.scale,
      signal: controller.signal,
      onProgress,
      ...(get(streamStarsAtom) && { onStreamed }),
      tiles: get(streamTilesAtom) && loader.openTiled !== undefined,
    });
    if (controller.signal.aborted) return;
    if (isTiledVersion(found)) {
      if (!loader.openTiled) throw new GalaxyLoadError(`${request.name}: this viewer cannot stream tiles`, 'data');
      const budget = streamingBudget(request.budgetStars);
      const tiled = await loader.openTiled({
        tilesUrl: found.tilesUrl,
        name: request.name,
        version: found.version,
        scale: request.scale ?? 1,
        budget,
        signal: controller.signal,
        onProgress: (message) => onProgress({ message: `${request.name}: ${message}`, completed: '' }),
      });
      if (controller.signal.aborted) {
        tiled.dispose();
        return;
      }
      set(tiledGalaxyAtom, { tiled, manifest: found.manifest, version: found.version });
    } else {
      set(loadedGalaxyAtom, found);
    }
    set(streamedGalaxyAtom, undefined);
    set(graphLoadingAtom, false);
    set(loadProgressAtom, { message: '', completed: '' });
    set(graphDownloadedCountAtom, (count) => count + 1);
    markInteractive();
  } catch (error) {
    if (controller.signal.aborted) return;
    active.current = undefined;
    set(streamedGalaxyAtom, undefined);
    set(graphLoadingAtom, false);
    set(loadProgressAtom, { message: '', completed: '' });
    set(loadErrorAtom, error instanceof GalaxyLoadError || error instanceof Error ? error.message : String(error));
  }
});

/**
 * Cancels the download in progress (leaving the galaxy route does this): the worker stops and the
 * next request for the same galaxy downloads afresh.
 */
export const cancelDownloadAtom = atom(null, (get, set) => {
  const active = get(activeDownloadAtom);
  active.current?.controller.abort();
  active.current = undefined;
  set(loadErrorAtom, undefined);
  closeTiled(get, set);
});
