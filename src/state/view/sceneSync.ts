import type { CameraStart, LinkSettings, ShownGalaxy } from '../../scene/galaxyScene';
import type { CameraPose } from '../../scene/scene';
import type { TiledStars } from '../../stars/tiledStars';
import { graphAtom, loadedGalaxyAtom, streamedGalaxyAtom, tiledGalaxyAtom } from '../graph/atoms';
import type { Store } from '../store';
import { addressPlacesCameraAtom, addressViewAtom, maxVisibleDistanceAtom, poseOf, saveCameraAtom, scaleAtom, showLinksAtom } from './atoms';

/** What the scene sync tells the scene (GalaxyScene; tests give a stand-in). */
export interface ShowingScene {
  show(galaxy: ShownGalaxy, start?: CameraStart): void;
  setLinkSettings(settings: LinkSettings): void;
  getCamera(): CameraPose;
}

/**
 * Tells the scene what to show, from the store, outside the component tree: the galaxy open now
 * (its stars as they stream in, the whole graph, or a tiled galaxy) and the link settings of the
 * address view. A galaxy's first stars come with where the camera starts: the address view's pose
 * when the address places the camera, else the whole galaxy (docs/rules.md#url); that pose is
 * recorded in the address view at once. Returns how to stop.
 */
export function startSceneSync(store: Store, scene: ShowingScene): () => void {
  /** The stars shown last: new ones are a galaxy's first (the whole graph keeps its streamed stars' array). */
  let shownStars: Float32Array | TiledStars | undefined;

  const showGalaxy = () => {
    const graph = store.get(graphAtom);
    const streamed = store.get(streamedGalaxyAtom);
    const tiled = store.get(tiledGalaxyAtom)?.tiled;
    const galaxy: ShownGalaxy = tiled ? { tiled: tiled.stars, tiledNames: tiled } : { graph, streamed };
    const stars = graph?.data.positions ?? streamed?.positions ?? tiled?.stars;
    const first = stars !== undefined && stars !== shownStars;
    shownStars = stars;
    if (!first) {
      scene.show(galaxy);
      return;
    }
    scene.show(galaxy, store.get(addressPlacesCameraAtom) ? poseOf(store.get(addressViewAtom)) : 'whole-galaxy');
    store.set(saveCameraAtom, scene.getCamera());
  };

  const showLinks = () => {
    scene.setLinkSettings({ showLinks: store.get(showLinksAtom), maxVisibleDistance: store.get(maxVisibleDistanceAtom), scale: store.get(scaleAtom) });
  };

  showLinks();
  showGalaxy();
  const stops = [
    store.sub(loadedGalaxyAtom, showGalaxy),
    store.sub(streamedGalaxyAtom, showGalaxy),
    store.sub(tiledGalaxyAtom, showGalaxy),
    store.sub(showLinksAtom, showLinks),
    store.sub(maxVisibleDistanceAtom, showLinks),
    store.sub(scaleAtom, showLinks),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
