import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import type { CameraPose, Scene } from '../../scene/scene';
import { addressPlacesCamera, galaxyPath, hasCameraKeys, parseViewQuery, rewriteAddress, splitHash, writeViewQuery } from '../../url/viewQuery';
import { openGalaxy, type OpenGalaxyRequest } from '../graph/actions';
import { loadedGalaxyAtom, openedGalaxyAtom, streamedGalaxyAtom, tiledGalaxyAtom } from '../graph/atoms';
import { parseBudgetKey } from '../../url/budgetKey';
import { resetHelpAtom } from '../help/atoms';
import { hideWindowAtom } from '../windows/atoms';
import { selectedNodeAtom } from '../selection/atoms';
import { sceneAtom, poseOf, saveCameraAtom, addressViewAtom } from './atoms';

/** docs/rules.md#url timings. */
export const CAMERA_SAVE_MS = 200;
export const ADDRESS_DEBOUNCE_MS = 400;

function isGalaxyPath(path: string, name: string): boolean {
  if (path === galaxyPath(name)) return true;
  try {
    return decodeURIComponent(path) === `/galaxy/${name}`;
  } catch {
    return false;
  }
}

function currentQuery(): string {
  return splitHash(location.hash).query;
}

/** A pose that shows the whole galaxy, when the scene offers one (beyond the Scene interface). */
function startPose(view: Scene): CameraPose | undefined {
  const candidate = view as Scene & { wholeGalaxyPose?: () => CameraPose };
  return typeof candidate.wholeGalaxyPose === 'function' ? candidate.wholeGalaxyPose() : undefined;
}

/**
 * Keeps the galaxy's view state and its address in step (docs/rules.md#url):
 * - a new name reads the view from the address, resets the help and downloads with its version and scale;
 * - an address changed from outside (back/forward, an edited URL) updates camera, links and version,
 *   and a changed version (or scale) downloads again;
 * - the camera is saved every 200 ms and the address rewritten 400 ms after the last change with
 *   history.replaceState, leaving the page's own query before the hash untouched.
 */
export function useViewAddress(name: string): void {
  const [config, setConfig] = useAtom(addressViewAtom);
  const view = useAtomValue(sceneAtom);
  const loaded = useAtomValue(openedGalaxyAtom);
  // The camera is placed for the stars, which may arrive before the rest of the graph (the finished
  // graph holds the same positions array, so it does not place the camera a second time); a tiled
  // galaxy places it once for its whole bounds.
  const whole = useAtomValue(loadedGalaxyAtom);
  const streamed = useAtomValue(streamedGalaxyAtom);
  const tiled = useAtomValue(tiledGalaxyAtom);
  const stars: unknown = whole?.graph.data.positions ?? streamed?.positions ?? tiled?.tiled.stars;
  const store = useStore();
  const download = useCallback((request: OpenGalaxyRequest) => openGalaxy(store, request), [store]);
  const resetHelp = useSetAtom(resetHelpAtom);
  const saveCamera = useSetAtom(saveCameraAtom);
  const hideWindow = useSetAtom(hideWindowAtom);
  const select = useSetAtom(selectedNodeAtom);
  /** The query this hook wrote or handled last. */
  const written = useRef<string | undefined>(undefined);
  /** Whether the address positioned the camera, and for which loaded galaxy it has been applied. */
  const cameraFromAddress = useRef(false);
  const cameraApplied = useRef<unknown>(undefined);
  const latest = useRef({ config, loaded, view });
  latest.current = { config, loaded, view };

  // A new galaxy name: read the address, download, show the help again.
  useEffect(() => {
    const query = currentQuery();
    const parsed = parseViewQuery(query);
    cameraFromAddress.current = addressPlacesCamera(query);
    cameraApplied.current = undefined;
    setConfig(parsed);
    select(undefined);
    hideWindow('degree');
    hideWindow('search-results');
    resetHelp();
    void download({ name, version: parsed.manifestVersion, scale: parsed.scale, budgetStars: parseBudgetKey(query) });
  }, [name, setConfig, download, resetHelp, select, hideWindow]);

  // The query-changed signal: back/forward and edited addresses.
  useEffect(() => {
    const onAddressChange = () => {
      const { path, query } = splitHash(location.hash);
      if (!isGalaxyPath(path, name)) return;
      // hashchange and popstate both report a back/forward step; handle each address once.
      if (query === written.current) return;
      written.current = query;
      const parsed = parseViewQuery(query);
      const { config: current, loaded: galaxy, view: scene } = latest.current;
      setConfig(parsed);
      if (addressPlacesCamera(query)) {
        cameraFromAddress.current = true;
        scene?.setCamera(poseOf(parsed));
      } else if (hasCameraKeys(query) && scene) {
        // A camera out of range: the whole-galaxy view, recorded so the address shows where the camera is.
        const start = startPose(scene);
        if (start) scene.setCamera(start);
        saveCamera(scene.getCamera());
      }
      const versionChanged = parsed.manifestVersion !== undefined && parsed.manifestVersion !== galaxy?.version;
      if (versionChanged || parsed.scale !== current.scale) {
        cameraApplied.current = undefined;
        resetHelp();
        void download({ name, version: parsed.manifestVersion, scale: parsed.scale, force: true, budgetStars: parseBudgetKey(query) });
      }
    };
    addEventListener('hashchange', onAddressChange);
    addEventListener('popstate', onAddressChange);
    return () => {
      removeEventListener('hashchange', onAddressChange);
      removeEventListener('popstate', onAddressChange);
    };
  }, [name, setConfig, download, resetHelp, saveCamera]);

  // A finished download: record its version and place the camera once the scene is up.
  useEffect(() => {
    if (!loaded) return;
    setConfig((current) => (current.manifestVersion === loaded.version ? current : { ...current, manifestVersion: loaded.version }));
  }, [loaded, setConfig]);

  useEffect(() => {
    if (!stars || !view || cameraApplied.current === stars) return;
    cameraApplied.current = stars;
    const fromAddress = cameraFromAddress.current;
    const pose = fromAddress ? poseOf(latest.current.config) : (startPose(view) ?? poseOf(latest.current.config));
    view.setCamera(pose);
    saveCamera(view.getCamera());
  }, [stars, view, saveCamera]);

  // Camera saved every 200 ms while it changes.
  const openedStars = whole?.graph.data.positions ?? tiled?.tiled.stars;
  useEffect(() => {
    if (!view || !openedStars) return;
    let dirty = false;
    const off = view.onCameraChange(() => {
      dirty = true;
    });
    const timer = setInterval(() => {
      if (!dirty || cameraApplied.current !== openedStars) return;
      dirty = false;
      saveCamera(view.getCamera());
    }, CAMERA_SAVE_MS);
    return () => {
      off();
      clearInterval(timer);
    };
  }, [view, openedStars, saveCamera]);

  // Address rewrite, debounced.
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => {
      const { path, query } = splitHash(location.hash);
      if (!isGalaxyPath(path, name)) return;
      const next = writeViewQuery(config, query);
      if (next === query) return;
      written.current = next;
      history.replaceState(history.state, '', rewriteAddress(location.href, path, next));
    }, ADDRESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [config, loaded, name]);
}
