import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startViewer } from '../../../src/app/startViewer';
import { Graph } from '../../../src/data/graph';
import { GalaxyLoadError, type LoadOptions, type LoadedGalaxy } from '../../../src/data/loadTypes';
import { decodeGalaxy } from '../../../src/data/wire/decodeGalaxy';
import type { CameraPose } from '../../../src/scene/scene';
import { galaxyLoaderAtom } from '../../../src/state/graph/atoms';
import { helpVisibleAtom } from '../../../src/state/help/atoms';
import { selectedStarAtom } from '../../../src/state/selection/atoms';
import { ADDRESS_DEBOUNCE_MS, type AddressBar, CAMERA_SAVE_MS } from '../../../src/state/view/addressSync';
import { addressViewAtom, galaxySceneAtom } from '../../../src/state/view/atoms';
import { splitHash } from '../../../src/url/viewQuery';
import { linksBin, positionsBin } from '../../support/wireFixtures';
import { InProcessSearchWorker } from '../../support/inProcessSearchWorker';

interface LoadCall {
  name: string;
  options: LoadOptions;
  resolve(value: LoadedGalaxy): void;
}

function fakeLoader() {
  const calls: LoadCall[] = [];
  const load = (name: string, options: LoadOptions) =>
    new Promise<LoadedGalaxy>((resolve, reject) => {
      calls.push({ name, options, resolve });
      options.signal?.addEventListener('abort', () => reject(new GalaxyLoadError(`Cancelled download of ${name}`, 'cancelled')));
    });
  return { calls, load };
}

/** Four stars 2000 apart around the origin, in version v1 of a manifest listing v1 and v2. */
function galaxy(name: string, version = 'v1'): LoadedGalaxy {
  const data = decodeGalaxy({
    name,
    version,
    positions: positionsBin([[-1000, 0, 0], [1000, 0, 0], [0, 1000, 0], [0, -1000, 0]]),
    links: linksBin([[1], [], [], []]),
    labels: '["a","b","c","d"]',
  });
  return { graph: new Graph(data), manifest: { last: 'v1', all: ['v1', 'v2'] }, version };
}

/** The browser's address as the sync sees it: the visitor goes somewhere, the sync rewrites in place. */
function fakeAddressBar(href: string) {
  const listeners = new Set<() => void>();
  const state = { href, replaced: [] as string[] };
  const bar: AddressBar = {
    href: () => state.href,
    replace: (next) => {
      state.href = next;
      state.replaced.push(next);
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    bar,
    state,
    /** A link, an edited address, or back and forward (which report both hashchange and popstate: events 2). */
    go(hash: string, events = 1) {
      const url = new URL(state.href);
      url.hash = hash;
      state.href = url.href;
      for (let k = 0; k < events; k++) for (const listener of [...listeners]) listener();
    },
    query: () => splitHash(new URL(state.href).hash).query,
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

function viewer(hash: string) {
  const store = createStore();
  const loader = fakeLoader();
  store.set(galaxyLoaderAtom, loader);
  const address = fakeAddressBar(`http://galaxy.test/index.html?renderer=webgl2#${hash}`);
  const stop = startViewer(store, { addressBar: address.bar, createSearchWorker: () => new InProcessSearchWorker() });
  const scene = store.get(galaxySceneAtom)!;
  scene.resize(1000, 500, 1000, 500);
  return { store, loader, address, scene, stop };
}

const pose = (x: number, y: number, z: number): CameraPose => ({ position: [x, y, z], orientation: [0, 0, 0, 1] });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {}); // no Worker in Node: picking scans every star
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});


/**
 * The page's animation frames, stubbed: the answer draws one, running the callbacks asked since the
 * last (through `around`, which may mark the frame's task).
 */
function stubAnimationFrames(around: (runCallbacks: () => void) => void = (runCallbacks) => runCallbacks()): () => void {
  const frames = new Set<FrameRequestCallback>();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.add(callback);
    return 0;
  });
  vi.stubGlobal('cancelAnimationFrame', () => frames.clear());
  return () =>
    around(() => {
      const callbacks = [...frames];
      frames.clear();
      for (const callback of callbacks) callback(performance.now());
    });
}
describe('the address sync opens galaxies (docs/rules.md#url)', () => {
  it('opens the galaxy the address names with its version, scale and star budget, and reads its view', () => {
    const { store, loader } = viewer('/galaxy/elm?v=v2&s=2&l=1&budget=500k');
    expect(loader.calls).toHaveLength(1);
    expect(loader.calls[0].name).toBe('elm');
    expect(loader.calls[0].options.version).toBe('v2');
    expect(loader.calls[0].options.scale).toBe(2);
    expect(store.get(addressViewAtom)).toMatchObject({ showLinks: true, scale: 2, manifestVersion: 'v2' });
  });

  it('opens nothing off the galaxy route, and an undecodable name names no galaxy', () => {
    const { loader, address } = viewer('/');
    address.go('/galaxy/%E0%A4%A');
    expect(loader.calls).toHaveLength(0);
  });

  it('does not open again when only the camera changes, and moves the camera there', async () => {
    const { loader, address, scene } = viewer('/galaxy/elm');
    loader.calls[0].resolve(galaxy('elm'));
    await flush();
    address.go('/galaxy/elm?cx=10&cy=20&cz=3000&lx=0&ly=0&lz=0&lw=1&l=1&v=v1');
    expect(loader.calls).toHaveLength(1);
    expect(scene.getCamera()).toEqual(pose(10, 20, 3000));
  });

  it('opens again when the address names another version or scale, once for back and forward', async () => {
    const { loader, address } = viewer('/galaxy/elm');
    loader.calls[0].resolve(galaxy('elm'));
    await flush();
    address.go('/galaxy/elm?v=v2', 2);
    expect(loader.calls).toHaveLength(2);
    expect(loader.calls[1].options.version).toBe('v2');
    loader.calls[1].resolve(galaxy('elm', 'v2'));
    await flush();
    address.go('/galaxy/elm?v=v2&s=3');
    expect(loader.calls).toHaveLength(3);
    expect(loader.calls[2].options.scale).toBe(3);
  });

  it('a new galaxy closes the details and shows the help again; leaving the route stops the download', () => {
    const { store, loader, address } = viewer('/galaxy/elm');
    store.set(selectedStarAtom, 2);
    store.set(helpVisibleAtom, false);
    address.go('/galaxy/brew');
    expect(loader.calls.map((call) => call.name)).toEqual(['elm', 'brew']);
    expect(loader.calls[0].options.signal?.aborted).toBe(true);
    expect(store.get(selectedStarAtom)).toBeUndefined();
    expect(store.get(helpVisibleAtom)).toBe(true);
    address.go('/');
    expect(loader.calls[1].options.signal?.aborted).toBe(true);
  });
});

describe('the address sync writes the view back (docs/rules.md#url)', () => {
  it('saves the moved camera at once and rewrites the address 400 ms after, keeping other keys and the page query', async () => {
    const { store, loader, address, scene } = viewer('/galaxy/elm?cx=0&cy=0&cz=5000&l=1&extra=yes');
    loader.calls[0].resolve(galaxy('elm'));
    await flush();
    await vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS);
    const rewrites = address.state.replaced.length;
    scene.setCamera(pose(100, -20, 4000));
    await flush();
    expect(store.get(addressViewAtom).pos).toEqual({ x: 100, y: -20, z: 4000 });
    await vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS - 1);
    expect(address.state.replaced).toHaveLength(rewrites);
    await vi.advanceTimersByTimeAsync(1);
    expect(address.state.href).toBe(
      'http://galaxy.test/index.html?renderer=webgl2#/galaxy/elm?cx=100&cy=-20&cz=4000&lx=0.0000&ly=0.0000&lz=0.0000&lw=1.0000&ml=150&s=1.75&l=1&v=v1&extra=yes',
    );
  });

  it('saves a flight\'s camera at most every 200 ms in the moves\' or the frames\' own tasks (no timer task while it moves), and where it stops in the first frame 200 ms after', async () => {
    // Each save, when it came and whether in a move's or an animation frame's task rather than in a task of its own.
    let inTask = false;
    // The GPU draws 8 frames a second: a frame asked for comes with the next move, at rest 16 ms after it is asked for.
    const drawFrame = stubAnimationFrames((runCallbacks) => {
      inTask = true;
      runCallbacks();
      inTask = false;
    });
    try {
      const { store, loader, scene } = viewer('/galaxy/elm?cx=0&cy=0&cz=5000');
      loader.calls[0].resolve(galaxy('elm'));
      await flush();
      await vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS);
      const saves: Array<{ at: number; inTask: boolean }> = [];
      const stopCounting = store.sub(addressViewAtom, () => saves.push({ at: performance.now(), inTask }));
      // 16 moves 125 ms apart, each with its frame, then the camera stops.
      for (let i = 1; i <= 16; i++) {
        inTask = true;
        scene.setCamera(pose(10 * i, 0, 4000));
        inTask = false;
        drawFrame();
        await vi.advanceTimersByTimeAsync(125);
      }
      expect(saves.length).toBeGreaterThanOrEqual(7);
      expect(saves.every((save) => save.inTask)).toBe(true);
      expect(saves.every(({ at }, i) => i === 0 || at - saves[i - 1].at >= CAMERA_SAVE_MS)).toBe(true);
      for (let wait = 0; wait < CAMERA_SAVE_MS; wait += 16) {
        await vi.advanceTimersByTimeAsync(16);
        drawFrame();
      }
      expect(store.get(addressViewAtom).pos).toEqual({ x: 160, y: 0, z: 4000 });
      expect(saves.every((save) => save.inTask)).toBe(true);
      stopCounting();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sets and clears no rewrite timer while a flight\'s saves come, and rewrites the address once, 400 ms after the last save', async () => {
    const drawFrame = stubAnimationFrames();
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    try {
      const { store, loader, scene, address } = viewer('/galaxy/elm?cx=0&cy=0&cz=5000');
      loader.calls[0].resolve(galaxy('elm'));
      await flush();
      await vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS);
      drawFrame();
      await vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS);
      const rewrites = address.state.replaced.length;
      const saves: number[] = [];
      const stopCounting = store.sub(addressViewAtom, () => saves.push(performance.now()));
      setTimer.mockClear();
      // A flight of 16 moves 125 ms apart, each with its frame (8 frames a second).
      for (let i = 1; i <= 16; i++) {
        scene.setCamera(pose(10 * i, 0, 4000));
        drawFrame();
        await vi.advanceTimersByTimeAsync(125);
      }
      expect(saves.length).toBeGreaterThanOrEqual(7);
      const rewriteTimers = () => setTimer.mock.calls.filter(([callback]) => callback.name === 'rewrite').length;
      expect(rewriteTimers()).toBe(0);
      expect(address.state.replaced).toHaveLength(rewrites);
      // The camera stops: its last save comes in a frame once due, and the address follows 400 ms after it.
      let lastSaveAt = saves[saves.length - 1];
      while (performance.now() < lastSaveAt + ADDRESS_DEBOUNCE_MS - 1) {
        await vi.advanceTimersByTimeAsync(1);
        drawFrame();
        lastSaveAt = saves[saves.length - 1];
      }
      expect(store.get(addressViewAtom).pos).toEqual({ x: 160, y: 0, z: 4000 });
      expect(address.state.replaced).toHaveLength(rewrites);
      await vi.advanceTimersByTimeAsync(1);
      expect(address.state.replaced).toHaveLength(rewrites + 1);
      expect(new URLSearchParams(address.query()).get('cx')).toBe('160');
      expect(rewriteTimers()).toBe(1);
      stopCounting();
    } finally {
      setTimer.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('rewrites nothing before the galaxy is in, then records the version the manifest chose', async () => {
    const { loader, address } = viewer('/galaxy/elm?v=v9');
    await vi.advanceTimersByTimeAsync(2000);
    expect(address.state.replaced).toEqual([]);
    loader.calls[0].resolve(galaxy('elm', 'v1'));
    await flush();
    await vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS);
    expect(new URLSearchParams(address.query()).get('v')).toBe('v1');
  });

  it('does not read its own rewrite back as a change from outside (the camera keeps its unrounded pose)', async () => {
    const { loader, address, scene } = viewer('/galaxy/elm');
    loader.calls[0].resolve(galaxy('elm'));
    await flush();
    scene.setCamera(pose(0.4, 0.3, 4000.6));
    const camera = scene.getCamera();
    // The save comes in the first frame once due (16 ms where there are no animation frames).
    await vi.advanceTimersByTimeAsync(CAMERA_SAVE_MS + 16 + ADDRESS_DEBOUNCE_MS);
    expect(address.query()).toMatch(/^cx=0&cy=0&cz=4001&/);
    address.go(`/galaxy/elm?${address.query()}`, 2);
    expect(scene.getCamera()).toEqual(camera);
    expect(loader.calls).toHaveLength(1);
  });
});

describe('the scene is told the stars and the camera in one step (docs/rules.md#url)', () => {
  it('starts from the address camera when it is in range', async () => {
    const { loader, scene } = viewer('/galaxy/elm?cx=100&cy=-20&cz=5000&lx=0&ly=0&lz=0&lw=1');
    loader.calls[0].resolve(galaxy('elm'));
    await flush();
    expect(scene.getCamera()).toEqual(pose(100, -20, 5000));
  });

  it('starts on the whole galaxy without camera keys, or with a camera out of range, and the address says where', async () => {
    for (const query of ['l=1', 'cx=1e308&cy=0&cz=0']) {
      const { loader, scene, address, stop } = viewer(`/galaxy/elm?${query}`);
      loader.calls[0].resolve(galaxy('elm'));
      await flush();
      expect(scene.getCamera()).toEqual(scene.wholeGalaxyPose());
      await vi.advanceTimersByTimeAsync(ADDRESS_DEBOUNCE_MS);
      const params = new URLSearchParams(address.query());
      expect(Number(params.get('cz'))).toBe(Math.round(scene.getCamera().position[2]));
      stop();
    }
  });

  it('an out-of-range camera typed while the galaxy is open goes to the whole galaxy', async () => {
    const { loader, scene, address } = viewer('/galaxy/elm?cx=100&cy=-20&cz=5000');
    loader.calls[0].resolve(galaxy('elm'));
    await flush();
    address.go('/galaxy/elm?cx=1e308&cy=0&cz=0');
    expect(scene.getCamera()).toEqual(scene.wholeGalaxyPose());
    expect(loader.calls).toHaveLength(1);
  });

  it('places the camera once for streamed stars; the whole graph after them keeps where the visitor flew', async () => {
    const { loader, scene } = viewer('/galaxy/elm');
    const whole = galaxy('elm');
    const positions = whole.graph.data.positions;
    loader.calls[0].options.onStreamed?.({ name: 'elm', version: 'v1', starCount: 4, positions, waitingFor: ['links', 'labels'] });
    expect(scene.getCamera()).toEqual(scene.wholeGalaxyPose());
    scene.setCamera(pose(1, 2, 3));
    loader.calls[0].resolve(whole);
    await flush();
    expect(scene.getCamera()).toEqual(pose(1, 2, 3));
  });

  it('places the camera again for the first stars of another version', async () => {
    const { loader, scene, address } = viewer('/galaxy/elm');
    loader.calls[0].resolve(galaxy('elm'));
    await flush();
    scene.setCamera(pose(1, 2, 3));
    address.go('/galaxy/elm?v=v2');
    loader.calls[1].resolve(galaxy('elm', 'v2'));
    await flush();
    expect(scene.getCamera()).toEqual(scene.wholeGalaxyPose());
  });

  it('the whole-galaxy view waits for the canvas to give the scene its size', async () => {
    const store = createStore();
    const loader = fakeLoader();
    store.set(galaxyLoaderAtom, loader);
    startViewer(store, { addressBar: fakeAddressBar('http://galaxy.test/#/galaxy/elm').bar, createSearchWorker: () => new InProcessSearchWorker() });
    const scene = store.get(galaxySceneAtom)!;
    loader.calls[0].resolve(galaxy('elm'));
    await flush();
    scene.resize(300, 900, 300, 900);
    expect(scene.getCamera()).toEqual(scene.wholeGalaxyPose());
  });
});
