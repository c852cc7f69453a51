import type { CameraStart, LinkSettings } from '../../scene/galaxyScene';
import type { StarBudgetPolicy } from '../../scene/sceneStarBudget';
import type { CameraPose } from '../../scene/scene';
import { ShownGalaxies, type ShownGalaxy } from '../../stars/shownGalaxy';
import type { StarSource } from '../../stars/starSource';
import { openGalaxyAtom } from '../graph/openGalaxyAtom';
import type { Store } from '../store';
import { addressPlacesCameraAtom, addressViewAtom, maxVisibleDistanceAtom, poseOf, saveCameraAtom, scaleAtom, showLinksAtom, shownStarsAtom, starBudgetPolicyAtom } from './atoms';

/** What the scene sync tells the scene (GalaxyScene; tests give a stand-in). */
export interface ShowingScene {
  show(galaxy: ShownGalaxy, start?: CameraStart): void;
  setLinkSettings(settings: LinkSettings): void;
  getCamera(): CameraPose;
  setStarBudgetPolicy?(policy: StarBudgetPolicy): void;
}

/**
 * Tells the scene what to show, from the store, outside the component tree: what the address asks
 * of the star budget, the galaxy open now
 * (its star source and names, src/stars/shownGalaxy.ts) and the link settings of the
 * address view. A galaxy's first stars come with where the camera starts: the address view's pose
 * when the address places the camera, else the whole galaxy (docs/rules.md#url); that pose is
 * recorded in the address view at once. Returns how to stop.
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
    if (store.get(shownStarsAtom) !== stars) store.set(shownStarsAtom, stars);
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

  const setStarBudgetPolicy = () => scene.setStarBudgetPolicy?.(store.get(starBudgetPolicyAtom));

  setStarBudgetPolicy();
  showLinks();
  showGalaxy();
  const stops = [
    store.sub(starBudgetPolicyAtom, setStarBudgetPolicy),
    store.sub(openGalaxyAtom, showGalaxy),
    store.sub(showLinksAtom, showLinks),
    store.sub(maxVisibleDistanceAtom, showLinks),
    store.sub(scaleAtom, showLinks),
  ];
  return () => {
    for (const stop of stops) stop();
    shownGalaxies.dispose();
    store.set(shownStarsAtom, undefined);
  };
}
