import type { Scene } from '../../scene/scene';
import { parseBudgetKey } from '../../url/budgetKey';
import { parseFpsKey } from '../../url/fpsKey';
import { galaxyNameOf } from '../../url/routeName';
import { addressPlacesCamera, hasCameraKeys, parseViewQuery, rewriteAddress, splitHash, writeViewQuery } from '../../url/viewQuery';
import { closeGalaxy, openGalaxy } from '../graph/actions';
import { openedGalaxyAtom } from '../graph/atoms';
import { resetHelpAtom } from '../help/atoms';
import { selectedStarAtom } from '../selection/atoms';
import type { Store } from '../store';
import { Throttle } from '../../timing/throttle';
import { frameQueue } from '../../timing/frameQueue';
import { hideWindowAtom } from '../windows/atoms';
import { addressPlacesCameraAtom, addressViewAtom, poseOf, saveCameraAtom, starBudgetPolicyAtom } from './atoms';

/** docs/rules.md#url timings. */
export const CAMERA_SAVE_MS = 200;
export const ADDRESS_DEBOUNCE_MS = 400;

/** The page's address as the sync reads and writes it (the browser's, or a test's stand-in). */
export interface AddressBar {
  /** The whole address now (`location.href`). */
  href(): string;
  /** Rewrites the address in place: no history entry, the entry's state kept. */
  replace(href: string): void;
  /** Calls back when the address changes from outside (a link, back, forward, an edited address); returns how to stop. */
  listen(onChange: () => void): () => void;
}

export const browserAddressBar: AddressBar = {
  href: () => location.href,
  replace: (href) => history.replaceState(history.state, '', href),
  listen: (onChange) => {
    addEventListener('hashchange', onChange);
    addEventListener('popstate', onChange);
    return () => {
      removeEventListener('hashchange', onChange);
      removeEventListener('popstate', onChange);
    };
  },
};

/** What the address sync asks of the scene: its camera. */
export type AddressScene = Pick<Scene, 'getCamera' | 'setCamera' | 'onCameraChange' | 'wholeGalaxyPose'>;

/**
 * Keeps the address and the view state in step, outside the component tree (docs/rules.md#url):
 * - an address naming another galaxy reads its view, closes the details and both node lists, shows
 *   the help again and opens the galaxy with the address's version, scale and star budget; an
 *   address off the galaxy route closes the galaxy;
 * - an address changed from outside (back, forward, an edited address) on the same galaxy updates
 *   camera, links and names, and opens the galaxy again when `v` names another version or `s` changes;
 * - the opened galaxy's version is recorded in the view;
 * - once a galaxy is open, the camera is saved into the view at most every 200 ms while it moves
 *   (in the move's own task) and 200 ms after it stops, and the address rewritten 400 ms after the
 *   last change of the view, with the page's own query before the hash untouched.
 * Returns how to stop (which closes the galaxy).
 */
export function startAddressSync(store: Store, scene: AddressScene, addressBar: AddressBar = browserAddressBar): () => void {
  /** The galaxy the address names and the sync opened, undefined off the galaxy route. */
  let galaxy: string | undefined;
  /** The query this sync wrote or handled last (hashchange and popstate both report a back or forward step). */
  let handled: string | undefined;
  // A move saves in its own task at most every CAMERA_SAVE_MS, and the pose the camera stops at after
  // it, in the first animation frame's task once due: a save timer of its own every CAMERA_SAVE_MS was
  // a task the flight's frames paid for (one in two frames where the GPU draws at 8 frames a second).
  const cameraSave = new Throttle(
    CAMERA_SAVE_MS,
    () => {
      if (galaxy !== undefined && store.get(openedGalaxyAtom)) store.set(saveCameraAtom, scene.getCamera());
    },
    frameQueue,
  );
  // The address is rewritten ADDRESS_DEBOUNCE_MS after the view's last change, by a timer armed for
  // that time by the first frame that finds no camera move since the frame before and no save
  // waiting: while the camera moves, its saves change the view again and the frames look again. So a
  // flight's saves, one a frame or two on a slow GPU, set and clear no timer, where arming it at each
  // save cost a clearTimeout and a setTimeout a save; a timer kept armed through the flight instead
  // (RestTimer's rule) cost a task of its own every 400 ms. Where frames stop (a hidden tab) the
  // frame queue's fallback looks, FRAMELESS_RUN_MS apart.
  let rewriteTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the view last changed (performance.now()). */
  let viewChangedAt = 0;
  /** Camera moves so far, and as the rewrite's last look at a frame saw them (-1: not looked yet). */
  let moves = 0;
  let movesAtLook = -1;

  const address = () => splitHash(new URL(addressBar.href()).hash);

  const setStarBudgetPolicy = (query: string) => {
    const policy = { targetFps: parseFpsKey(query), fixedStars: parseBudgetKey(query) };
    const now = store.get(starBudgetPolicyAtom);
    if (policy.targetFps !== now.targetFps || policy.fixedStars !== now.fixedStars) store.set(starBudgetPolicyAtom, policy);
  };

  const open = (name: string, query: string) => {
    galaxy = name;
    handled = query;
    const view = parseViewQuery(query);
    store.set(addressPlacesCameraAtom, addressPlacesCamera(query));
    store.set(addressViewAtom, view);
    setStarBudgetPolicy(query);
    store.set(selectedStarAtom, undefined);
    store.set(hideWindowAtom, 'degree');
    store.set(hideWindowAtom, 'search-results');
    store.set(resetHelpAtom);
    void openGalaxy(store, { name, version: view.manifestVersion, scale: view.scale, budgetStars: parseBudgetKey(query) });
  };

  const changedFromOutside = (name: string, query: string) => {
    if (query === handled) return;
    handled = query;
    const view = parseViewQuery(query);
    const before = store.get(addressViewAtom);
    const opened = store.get(openedGalaxyAtom);
    store.set(addressViewAtom, view);
    setStarBudgetPolicy(query);
    if (addressPlacesCamera(query)) {
      store.set(addressPlacesCameraAtom, true);
      scene.setCamera(poseOf(view));
    } else if (hasCameraKeys(query)) {
      // A camera out of range: the whole-galaxy view, recorded so the address shows where the camera is.
      const start = scene.wholeGalaxyPose?.();
      if (start) scene.setCamera(start);
      store.set(saveCameraAtom, scene.getCamera());
    }
    const versionChanged = view.manifestVersion !== undefined && view.manifestVersion !== opened?.version;
    if (versionChanged || view.scale !== before.scale) {
      store.set(resetHelpAtom);
      void openGalaxy(store, { name, version: view.manifestVersion, scale: view.scale, force: true, budgetStars: parseBudgetKey(query) });
    }
  };

  const close = () => {
    galaxy = undefined;
    handled = undefined;
    cameraSave.cancel();
    frameQueue.remove(armRewrite);
    clearTimeout(rewriteTimer);
    rewriteTimer = undefined;
    closeGalaxy(store);
  };

  const readAddress = () => {
    const { path, query } = address();
    const name = galaxyNameOf(path);
    if (name === undefined) {
      if (galaxy !== undefined) close();
    } else if (name !== galaxy) {
      open(name, query);
    } else {
      changedFromOutside(name, query);
    }
  };

  const recordVersion = () => {
    const opened = store.get(openedGalaxyAtom);
    const view = store.get(addressViewAtom);
    if (opened && view.manifestVersion !== opened.version) store.set(addressViewAtom, { ...view, manifestVersion: opened.version });
  };

  const saveCameraSoon = () => {
    moves++;
    cameraSave.ask();
  };

  const rewrite = () => {
    rewriteTimer = undefined;
    const { path, query } = address();
    if (galaxy === undefined || galaxyNameOf(path) !== galaxy) return;
    const next = writeViewQuery(store.get(addressViewAtom), query);
    if (next === query) return;
    handled = next;
    addressBar.replace(rewriteAddress(addressBar.href(), path, next));
  };

  const rewriteSoon = () => {
    if (rewriteTimer !== undefined) {
      clearTimeout(rewriteTimer);
      rewriteTimer = undefined;
    }
    if (galaxy === undefined || !store.get(openedGalaxyAtom)) {
      frameQueue.remove(armRewrite);
      return;
    }
    viewChangedAt = performance.now();
    movesAtLook = -1;
    frameQueue.add(armRewrite);
  };

  const armRewrite = () => {
    // A save waiting for its frame changes the view again (or finds the camera where it was saved).
    if (moves !== movesAtLook || cameraSave.pending) {
      movesAtLook = moves;
      frameQueue.add(armRewrite);
    } else rewriteTimer = setTimeout(rewrite, Math.max(0, viewChangedAt + ADDRESS_DEBOUNCE_MS - performance.now()));
  };

  const stops = [
    store.sub(openedGalaxyAtom, recordVersion),
    store.sub(openedGalaxyAtom, rewriteSoon),
    store.sub(addressViewAtom, rewriteSoon),
    scene.onCameraChange(saveCameraSoon),
    addressBar.listen(readAddress),
  ];
  readAddress();
  return () => {
    for (const stop of stops) stop();
    if (galaxy !== undefined) close();
  };
}
