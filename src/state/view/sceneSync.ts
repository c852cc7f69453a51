import type { CameraStart, LinkSettings } from '../../scene/galaxyScene';
import type { CameraPose } from '../../scene/scene';
import type { ConstellationLevels } from '../../constellations/constellationNames';
import { constellationsAtom } from '../constellations/atoms';
import { ShownGalaxies, type ShownGalaxy } from '../../stars/shownGalaxy';
import type { StarSource } from '../../stars/starSource';
import { openGalaxyAtom } from '../graph/openGalaxyAtom';
import type { Store } from '../store';
import { addressPlacesCameraAtom, addressViewAtom, maxVisibleDistanceAtom, poseOf, saveCameraAtom, scaleAtom, showLinksAtom } from './atoms';

/** What the scene sync tells the scene (GalaxyScene; tests give a stand-in). */
export interface ShowingScene {
  show(galaxy: ShownGalaxy, start?: CameraStart): void;
  setLinkSettings(settings: LinkSettings): void;
  getCamera(): CameraPose;
  /** Names the open galaxy's constellations (optional: stand-in scenes need not). */
  setConstellations?(constellations: ConstellationLevels | undefined, scale: number): void;
}

/**
 * Tells the scene what to show, from the store, outside the component tree: the galaxy open now
 * (its star source and names, src/stars/shownGalaxy.ts) and the link settings of the
 * address view. A galaxy's first stars come with where the camera starts: the address view's pose
 * when the address places the camera, else the whole galaxy (docs/rules.md#url); that pose is
 * recorded in the address view at once; and the galaxy's constellations, named at the galaxy's
 * scale. Returns how to stop.
 */
export function startSceneSync(store: Store, scene: ShowingScene): () => void {
  const shownGalaxies = new ShownGalaxies();
  /** The star source shown last: a new one is a galaxy's first stars. */
  let shownStars: StarSource | undefined;

  const showGalaxy = () => {
    const galaxy = shownGalaxies.of(store.get(openGalaxyAtom));
    const stars = galaxy.stars;
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

  const showConstellations = () => scene.setConstellations?.(store.get(constellationsAtom), store.get(scaleAtom));

  showLinks();
  showGalaxy();
  showConstellations();
  const stops = [
    store.sub(constellationsAtom, showConstellations),
    store.sub(scaleAtom, showConstellations),
    store.sub(openGalaxyAtom, showGalaxy),
    store.sub(showLinksAtom, showLinks),
    store.sub(maxVisibleDistanceAtom, showLinks),
    store.sub(scaleAtom, showLinks),
  ];
  return () => {
    for (const stop of stops) stop();
    shownGalaxies.dispose();
  };
}
