import { atom } from 'jotai';
import type { Graph } from '../../data/graph';
import type { LoadProgress, LoadedGalaxy } from '../../data/loadTypes';
import { GalaxyLoadError } from '../../data/loadTypes';
import type { loadGalaxy } from '../../data/loader';
import { loadAnyGalaxy } from '../../open/loadLocalGalaxy';
import type { Manifest } from '../../data/manifest';
import type { StreamedGalaxy } from '../../data/streamedGalaxy';
import { streamingStarsWanted } from '../../url/pageSwitches';

/** Default data root: build-time VITE_GALAXY_DATA_ROOT, else the servers' /data. */
export const DEFAULT_DATA_ROOT: string = import.meta.env.VITE_GALAXY_DATA_ROOT ?? '/data';

export const dataRootAtom = atom<string>(DEFAULT_DATA_ROOT);

/** How galaxies are loaded; a test may put a fake loader here. */
export const galaxyLoaderAtom = atom<{ load: typeof loadGalaxy }>({ load: loadAnyGalaxy });

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
export const graphAtom = atom<Graph | undefined>((get) => get(loadedGalaxyAtom)?.graph);
export const manifestAtom = atom<Manifest | undefined>((get) => get(loadedGalaxyAtom)?.manifest);
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
}

interface ActiveDownload {
  key: string;
  controller: AbortController;
}

/** Per store (a read-only atom computes its object once per store), so stores never share a download. */
const activeDownloadAtom = atom<{ current: ActiveDownload | undefined }>(() => ({ current: undefined }));

function requestKey(request: DownloadRequest): string {
  return JSON.stringify([request.name, request.version ?? '', request.scale ?? 1]);
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
  const onStreamed = (galaxy: StreamedGalaxy) => {
    if (!controller.signal.aborted) set(streamedGalaxyAtom, galaxy);
  };
  try {
    const loaded = await get(galaxyLoaderAtom).load(request.name, {
      dataRoot: get(dataRootAtom),
      version: request.version,
      scale: request.scale,
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) set(loadProgressAtom, progress);
      },
      ...(get(streamStarsAtom) && { onStreamed }),
    });
    if (controller.signal.aborted) return;
    set(loadedGalaxyAtom, loaded);
    set(streamedGalaxyAtom, undefined);
    set(graphLoadingAtom, false);
    set(loadProgressAtom, { message: '', completed: '' });
    set(graphDownloadedCountAtom, (count) => count + 1);
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
});
