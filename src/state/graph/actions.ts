import { atom } from 'jotai';
import { GalaxyLoadError, isTiledVersion, type LoadProgress } from '../../data/loadTypes';
import type { StreamedGalaxy } from '../../data/streamedGalaxy';
import type { BackendPolicy } from '../../renderer/backendPolicy';
import type { EarlyGpu } from '../../renderer/earlyGpu';
import { holdingBudget, type HoldingBudget } from '../../tiles/planner/holdingBudget';
import { resetHelpAtom } from '../help/atoms';
import { loadCommunities, versionHasCommunities } from '../../constellations/loadCommunities';
import type { Graph } from '../../data/graph';
import type { Manifest } from '../../data/manifest';
import { communityWarningsAtom, starCommunitiesAtom } from '../constellations/communities';
import { constellationsAtom, highlightedConstellationAtom } from '../constellations/atoms';
import { backendPolicyAtom, earlyGpuAtom } from '../view/atoms';
import { probedDeviceHints } from '../view/probedDevice';
import type { Store } from '../store';
import {
  dataRootAtom,
  earlyFilesAtom,
  galaxyLoaderAtom,
  graphDownloadedCountAtom,
  graphLoadingAtom,
  loadedGalaxyAtom,
  loadErrorAtom,
  loadProgressAtom,
  requestedGraphNameAtom,
  streamedGalaxyAtom,
  streamStarsAtom,
  streamTilesAtom,
  tiledGalaxyAtom,
} from './atoms';

/** Which galaxy to open: what the galaxy address names (docs/rules.md#url). */
export interface OpenGalaxyRequest {
  name: string;
  version?: string;
  scale?: number;
  /** Download again even when the same galaxy is current (a version change, "Try again"). */
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

function requestKey(request: OpenGalaxyRequest): string {
  return JSON.stringify([request.name, request.version ?? '', request.scale ?? 1, request.budgetStars ?? 0]);
}

/**
 * The holding budget of a tiled galaxy (src/tiles/planner/holdingBudget.ts): its star budget is
 * `budget=` of the address (docs/rules.md#url), else the default for the backend and the device, a
 * software rasteriser's being far smaller; names, out-links and adjacency share what the device allows.
 */
async function tiledHoldingBudget(budgetStars: number | undefined, policy: BackendPolicy, early: EarlyGpu | undefined): Promise<HoldingBudget> {
  return holdingBudget(await probedDeviceHints(policy, early), budgetStars);
}

/**
 * The galaxy answers the visitor from here on (whole graph in, or a tiled galaxy's index and root
 * tile): benchmarks read this mark on the page's clock.
 */
export const INTERACTIVE_MARK = 'galaxy:interactive';

function markInteractive(): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(INTERACTIVE_MARK);
}

function closeTiled(store: Store): void {
  store.get(tiledGalaxyAtom)?.tiled.dispose();
  store.set(tiledGalaxyAtom, undefined);
}

/**
 * Opens a galaxy: the one way a download starts (docs/rules.md#data-and-loading). A request for
 * another galaxy (name, version, scale or star budget) sets loading, records the name, cancels the
 * running download and loads, the stars first into `streamedGalaxyAtom`, then the whole graph into
 * `loadedGalaxyAtom` or a tiled galaxy into `tiledGalaxyAtom`; the same request again does nothing
 * unless forced. A finished download shows the help again (docs/rules.md#panels).
 */
export async function openGalaxy(store: Store, request: OpenGalaxyRequest): Promise<void> {
  const active = store.get(activeDownloadAtom);
  const key = requestKey(request);
  if (!request.force && active.current?.key === key) return;
  active.current?.controller.abort();
  const controller = new AbortController();
  active.current = { key, controller };

  store.set(graphLoadingAtom, true);
  store.set(requestedGraphNameAtom, request.name);
  store.set(loadErrorAtom, undefined);
  store.set(loadedGalaxyAtom, undefined);
  store.set(streamedGalaxyAtom, undefined);
  closeTiled(store);
  forgetCommunities(store);
  const onStreamed = (galaxy: StreamedGalaxy) => {
    if (!controller.signal.aborted) store.set(streamedGalaxyAtom, galaxy);
  };
  try {
    const loader = store.get(galaxyLoaderAtom);
    const onProgress = (progress: LoadProgress) => {
      if (!controller.signal.aborted) store.set(loadProgressAtom, progress);
    };
    const found = await loader.load(request.name, {
      dataRoot: store.get(dataRootAtom),
      version: request.version,
      scale: request.scale,
      signal: controller.signal,
      onProgress,
      ...(store.get(streamStarsAtom) && { onStreamed }),
      tiles: store.get(streamTilesAtom) && loader.openTiled !== undefined,
      early: store.get(earlyFilesAtom),
    });
    if (controller.signal.aborted) return;
    if (isTiledVersion(found)) {
      if (!loader.openTiled) throw new GalaxyLoadError(`${request.name}: this viewer cannot stream tiles`, 'data');
      const budget = tiledHoldingBudget(request.budgetStars, store.get(backendPolicyAtom), store.get(earlyGpuAtom));
      const tiled = await loader.openTiled({
        tilesUrl: found.tilesUrl,
        name: request.name,
        version: found.version,
        scale: request.scale ?? 1,
        budget,
        signal: controller.signal,
        early: store.get(earlyFilesAtom),
        onProgress: (message) => onProgress({ message: message && `${request.name}: ${message}`, completed: '' }),
      });
      if (controller.signal.aborted) {
        tiled.dispose();
        return;
      }
      store.set(tiledGalaxyAtom, { tiled, manifest: found.manifest, version: found.version });
      void openCommunities(store, controller.signal, { name: request.name, manifest: found.manifest, version: found.version, starCount: tiled.starCount });
    } else {
      store.set(loadedGalaxyAtom, found);
      void openCommunities(store, controller.signal, { name: request.name, manifest: found.manifest, version: found.version, starCount: found.graph.starCount }, found.graph);
    }
    store.set(streamedGalaxyAtom, undefined);
    store.set(graphLoadingAtom, false);
    store.set(loadProgressAtom, { message: '', completed: '' });
    store.set(graphDownloadedCountAtom, (count) => count + 1);
    store.set(resetHelpAtom);
    markInteractive();
  } catch (error) {
    if (controller.signal.aborted) return;
    active.current = undefined;
    store.set(streamedGalaxyAtom, undefined);
    store.set(graphLoadingAtom, false);
    store.set(loadProgressAtom, { message: '', completed: '' });
    store.set(loadErrorAtom, error instanceof GalaxyLoadError || error instanceof Error ? error.message : String(error));
  }
}

function forgetCommunities(store: Store): void {
  store.set(constellationsAtom, undefined);
  store.set(highlightedConstellationAtom, undefined);
  store.set(starCommunitiesAtom, undefined);
  if (store.get(communityWarningsAtom).length > 0) store.set(communityWarningsAtom, []);
}

/**
 * The open galaxy's communities (docs/communities.md), when its manifest lists them for the
 * version: fetched once the galaxy is open, so that they never delay its stars, links or names.
 * A whole galaxy takes communities.bin too (its graph answers each star's community, its stars are
 * coloured); a tiled galaxy only communities.json (its tiles bring each star's). A file that
 * cannot be used leaves the galaxy as it is, with a data warning naming it.
 */
async function openCommunities(store: Store, signal: AbortSignal, galaxy: { name: string; manifest: Manifest; version: string; starCount: number }, graph?: Graph): Promise<void> {
  if (!versionHasCommunities(galaxy.manifest, galaxy.version)) return;
  const loader = store.get(galaxyLoaderAtom);
  try {
    const { constellations, stars } = await loadCommunities({
      ...galaxy,
      dataRoot: new URL(store.get(dataRootAtom), globalThis.location?.href).href,
      withStars: graph !== undefined,
      fetch: loader.fetch ?? ((url, init) => fetch(url, init)),
      signal,
    });
    if (signal.aborted) return;
    store.set(constellationsAtom, constellations);
    if (graph && stars) {
      graph.setCommunities(stars);
      store.set(starCommunitiesAtom, stars);
    }
  } catch (error) {
    if (signal.aborted) return;
    store.set(communityWarningsAtom, [error instanceof Error ? error.message : String(error)]);
  }
}

/**
 * Leaves the galaxy (docs/rules.md#routes): the download in progress stops, a shown load error
 * goes, and the next request for the same galaxy downloads afresh.
 */
export function closeGalaxy(store: Store): void {
  const active = store.get(activeDownloadAtom);
  active.current?.controller.abort();
  active.current = undefined;
  store.set(loadErrorAtom, undefined);
  closeTiled(store);
  forgetCommunities(store);
  // The first stars the page's entry drew, when no renderer took their canvas.
  store.get(earlyGpuAtom)?.drop();
}
