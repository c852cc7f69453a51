import type { EarlyGalaxyFiles } from '../data/earlyFiles';
import { BackendPolicy } from '../renderer/backendPolicy';
import type { SearchWorkerLike } from '../search/labelSearch';
import type { EarlyGpu } from '../renderer/earlyGpu';
import { GalaxyScene } from '../scene/galaxyScene';
import { earlyFilesAtom } from '../state/graph/atoms';
import type { Store } from '../state/store';
import { type AddressBar, browserAddressBar, startAddressSync } from '../state/view/addressSync';
import { backendPolicyAtom, earlyGpuAtom, galaxySceneAtom } from '../state/view/atoms';
import { startSceneSync } from '../state/view/sceneSync';
import { startSearchSync } from '../state/search/searchSync';

/** What the page's entry started before the viewer ran (src/boot/pageStart.ts), handed over once. */
export interface ViewerStart {
  /** The address's galaxy files asked for early, when it opens one. */
  files?: EarlyGalaxyFiles;
  /** The GPU device or context started for the first renderer. */
  gpu?: EarlyGpu;
  /** Which backends were (and are) tried, in which order: the one policy of the page. */
  policy?: BackendPolicy;
  /** Drops what no one took. */
  dispose(): void;
}

export interface StartViewerOptions {
  /** The browser's address bar, or a test's stand-in. */
  addressBar?: AddressBar;
  start?: ViewerStart;
  /** Where a whole graph's names are searched: a Web Worker by default (tests run it in-process). */
  createSearchWorker?: () => SearchWorkerLike;
}

/**
 * Starts what the viewer runs outside the component tree, over the app's store (src/main.tsx, before
 * the first render, so that the canvas mounts with the scene there): the one scene
 * (the canvas attaches a renderer to it when it mounts), what it shows (src/state/view/sceneSync.ts)
 * the search over its names (src/state/search/searchSync.ts)
 * and the address sync, which opens galaxies (src/state/view/addressSync.ts), over the browser's
 * address or a test's stand-in. What the page's entry started is read here, once, and disposed when
 * the viewer stops. Returns how to stop.
 */
export function startViewer(store: Store, { addressBar = browserAddressBar, start, createSearchWorker }: StartViewerOptions = {}): () => void {
  store.set(earlyFilesAtom, start?.files);
  store.set(earlyGpuAtom, start?.gpu);
  // Without a start (tests), the page's own address decides, read here as the entry would have.
  store.set(backendPolicyAtom, start?.policy ?? BackendPolicy.ofPage());
  const scene = new GalaxyScene();
  store.set(galaxySceneAtom, scene);
  const stopShowing = startSceneSync(store, scene);
  const stopSearching = startSearchSync(store, { createWorker: createSearchWorker });
  const stopAddress = startAddressSync(store, scene, addressBar);
  return () => {
    stopAddress();
    stopSearching();
    stopShowing();
    store.set(galaxySceneAtom, undefined);
    scene.dispose();
    store.set(earlyFilesAtom, undefined);
    store.set(earlyGpuAtom, undefined);
    start?.dispose();
  };
}
