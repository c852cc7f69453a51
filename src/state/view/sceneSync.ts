import type { CameraStart } from '../../scene/galaxyScene';
import type { LinkSettings } from '../../stars/starSource';
import type { StarBudgetPolicy } from '../../scene/sceneStarBudget';
import type { CameraPose } from '../../scene/scene';
import type { ConstellationLevels } from '../../constellations/constellationNames';
import { ShownGalaxies, type ShownGalaxy } from '../../stars/shownGalaxy';
import type { StarSource } from '../../stars/starSource';
import { openGalaxyAtom } from '../graph/openGalaxyAtom';
import type { Store } from '../store';
import type { ConstellationRef, Constellations } from '../../constellations/constellations';
import { constellationsAtom, highlightedConstellationAtom } from '../constellations/atoms';
import { openingBudget } from '../../tiles/planner/budgets';
import { probedDeviceHints } from './probedDevice';
import { addressPlacesCameraAtom, addressViewAtom, backendPolicyAtom, colourByCommunityAtom, earlyGpuAtom, maxVisibleDistanceAtom, poseOf, saveCameraAtom, scaleAtom, showLinksAtom, shownStarsAtom, starBudgetPolicyAtom } from './atoms';

/** What the scene sync tells the scene (GalaxyScene; tests give a stand-in). */
export interface ShowingScene {
  show(galaxy: ShownGalaxy, start?: CameraStart): void;
  setLinkSettings(settings: LinkSettings): void;
  getCamera(): CameraPose;
  /** The constellations' colours (stand-ins may leave them out). */
  setConstellationColours?(constellations: Constellations | undefined, colourByCommunity: boolean): void;
  highlightConstellation?(constellation: ConstellationRef | undefined): void;
  /** Names the open galaxy's constellations (optional: stand-in scenes need not). */
  setConstellations?(constellations: ConstellationLevels | undefined, scale: number): void;
  setStarBudgetPolicy?(policy: StarBudgetPolicy): void;
}

/**
 * Tells the scene what to show, from the store, outside the component tree: what the address asks
 * of the star budget and what this device opens a galaxy with (once the renderer's adapter is probed), the galaxy open now (its star source and names, src/stars/shownGalaxy.ts),
 * the link settings of the address view, and the constellations' colours and highlight. A galaxy's
 * first stars come with where the camera starts: the address view's pose
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

  const showConstellations = () => {
    const constellations = store.get(constellationsAtom);
    scene.setConstellationColours?.(constellations, store.get(colourByCommunityAtom));
    scene.highlightConstellation?.(store.get(highlightedConstellationAtom));
    scene.setConstellations?.(constellations, store.get(scaleAtom));
  };
  /** The star budget this device opens a galaxy with (the same rule as a tiled galaxy's holding budget), once the device is known. */
  let openingStars: number | undefined;
  let stopped = false;
  const setStarBudgetPolicy = () => scene.setStarBudgetPolicy?.({ ...store.get(starBudgetPolicyAtom), openingStars });
  void probedDeviceHints(store.get(backendPolicyAtom), store.get(earlyGpuAtom)).then((hints) => {
    if (stopped) return;
    openingStars = openingBudget(hints).stars;
    setStarBudgetPolicy();
  });

  setStarBudgetPolicy();
  showLinks();
  showGalaxy();
  showConstellations();
  const stops = [
    store.sub(constellationsAtom, showConstellations),
    store.sub(colourByCommunityAtom, showConstellations),
    store.sub(highlightedConstellationAtom, showConstellations),
    store.sub(scaleAtom, showConstellations),
    store.sub(starBudgetPolicyAtom, setStarBudgetPolicy),
    store.sub(openGalaxyAtom, showGalaxy),
    store.sub(showLinksAtom, showLinks),
    store.sub(maxVisibleDistanceAtom, showLinks),
    store.sub(scaleAtom, showLinks),
  ];
  return () => {
    stopped = true;
    for (const stop of stops) stop();
    shownGalaxies.dispose();
    store.set(shownStarsAtom, undefined);
  };
}
