import { GalaxyScene } from '../scene/galaxyScene';
import type { Store } from '../state/store';
import { type AddressBar, browserAddressBar, startAddressSync } from '../state/view/addressSync';
import { galaxySceneAtom } from '../state/view/atoms';
import { startSceneSync } from '../state/view/sceneSync';

/**
 * Starts what the viewer runs outside the component tree, over the app's store (src/main.tsx, before
 * the first render, so that the canvas mounts with the scene there): the one scene
 * (the canvas attaches a renderer to it when it mounts), what it shows (src/state/view/sceneSync.ts)
 * and the address sync, which opens galaxies (src/state/view/addressSync.ts), over the browser's
 * address or a test's stand-in. Returns how to stop.
 */
export function startViewer(store: Store, addressBar: AddressBar = browserAddressBar): () => void {
  const scene = new GalaxyScene();
  store.set(galaxySceneAtom, scene);
  const stopShowing = startSceneSync(store, scene);
  const stopAddress = startAddressSync(store, scene, addressBar);
  return () => {
    stopAddress();
    stopShowing();
    store.set(galaxySceneAtom, undefined);
    scene.dispose();
  };
}
