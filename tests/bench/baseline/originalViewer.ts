/**
 * The original code-galaxies viewer (anvaka/pm on anvaka/unrender, WebGL1 through three.js r71) as a
 * first-frame baseline: a build made by scripts/build-original-viewer.sh, served with the shared
 * galaxies in its wire format at /galactic-data/, opened on npm the way ours is opened.
 * Its code never enters this repository; ORIGINAL_VIEWER_DIR names the build folder.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright';

export interface OriginalViewerServer {
  origin: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
};

/**
 * Serves the build (index.html for any page path) and the galaxies under /galactic-data/,
 * uncompressed like Vite's preview serves ours.
 */
export async function serveOriginalViewer(buildDir: string, galaxiesDir: string): Promise<OriginalViewerServer> {
  if (!existsSync(path.join(buildDir, 'app.js'))) throw new Error(`no app.js in ${buildDir}: build it with scripts/build-original-viewer.sh`);
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file: string;
    if (pathname.startsWith('/galactic-data/')) file = path.join(galaxiesDir, pathname.slice('/galactic-data/'.length));
    else if (/\.(js|css|woff2?|ttf|eot|svg)$/.test(pathname)) file = path.join(buildDir, pathname);
    else file = path.join(buildDir, 'index.html');
    const inside = file.startsWith(path.resolve(galaxiesDir) + path.sep) || file.startsWith(path.resolve(buildDir) + path.sep);
    if (!inside || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-length': statSync(file).size });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface OriginalOpening {
  /** Navigation start to the call that first drew points (the stars), on the page clock. */
  firstPointsDrawMs: number;
  /** The same draw with the GPU done with it (gl.finish() right after it). */
  firstPointsFinishedMs: number;
}

/**
 * Wraps WebGL1's draw calls: the first that draws points (gl.POINTS, count > 0) is the original's
 * first star frame; the time is read as the call returns and again after gl.finish(). A string:
 * tsx would wrap named inner functions in a helper the page lacks.
 */
const FIRST_POINTS_DRAW = `
(() => {
  const proto = WebGLRenderingContext.prototype;
  for (const name of ['drawArrays', 'drawElements']) {
    const draw = proto[name];
    proto[name] = function (mode, ...rest) {
      const result = draw.call(this, mode, ...rest);
      const count = name === 'drawArrays' ? rest[1] : rest[0];
      if (window.originalFirstPoints === undefined && mode === this.POINTS && count > 0) {
        const drawn = performance.now();
        this.finish();
        window.originalFirstPoints = { drawn, finished: performance.now() };
      }
      return result;
    };
  }
})();
`;

/**
 * Opens the original on npm (#/galaxy/npm: its main.jsx asks react-router 1 for browserHistory, which
 * that version lacks, so the router falls back to hash history, as on anvaka.github.io/pm/#/galaxy/npm)
 * in a fresh context (cold HTTP cache), on the given link (Chromium's emulation), other hosts (fonts, analytics) refused. */
export async function openOriginalNpm(
  browser: Browser,
  origin: string,
  link?: { latency: number; downloadThroughput: number; uploadThroughput: number },
): Promise<OriginalOpening> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.route((url) => !url.href.startsWith(origin), (route) => route.abort());
    const page = await context.newPage();
    if (link) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...link });
    }
    await page.addInitScript(FIRST_POINTS_DRAW);
    await page.goto(`${origin}/#/galaxy/npm`);
    const handle = await page.waitForFunction(() => (window as unknown as { originalFirstPoints?: { drawn: number; finished: number } }).originalFirstPoints, undefined, {
      timeout: 180_000,
    });
    const { drawn, finished } = (await handle.jsonValue()) as { drawn: number; finished: number };
    return { firstPointsDrawMs: drawn, firstPointsFinishedMs: finished };
  } finally {
    await context.close();
  }
}

/** A camera orbit shared by both viewers: about `centre` at `distance`, starting on +Z looking down -Z. */
export interface FarOrbit {
  centre: [number, number, number];
  distance: number;
  degreesPerSecond: number;
  /** Orbiting before the intervals are recorded (the first moving frames compile and upload). */
  warmMs: number;
  measureMs: number;
}

export interface FarFrames {
  /** requestAnimationFrame timestamp to the next one, ms, over `measureMs`. */
  intervalsMs: number[];
  /** Frames the viewer drew meanwhile (ours: the scene's framesDrawn; the original: its WebGL1 draws of points). */
  framesDrawn: number;
  canvas: { width: number; height: number; cssWidth: number; cssHeight: number };
  /** Stars in the last frame (ours: data-stars, within its star budget; the original: its points draw's count). */
  starsDrawn: number;
}

/**
 * Page script for both viewers: moves the camera every animation frame by the time elapsed (the
 * same motion whatever the frame rate), ours through window.galaxyScene.setCamera, the original's
 * three.js camera directly (FAR_CAMERA_HOOKS keeps it), and records the frame intervals. At angle a
 * the camera sits at centre + distance (sin a, 0, cos a) turned by a about Y, so it keeps looking
 * at the centre. A string: tsx would wrap named page functions in a helper the page lacks.
 */
const ORBIT_AND_TIME = `async ({ centre, distance, degreesPerSecond, warmMs, measureMs }) => {
  const scene = window.galaxyScene;
  const camera = scene ? undefined : window.originalCamera;
  const canvas = scene ? scene.canvas : document.querySelector('canvas');
  const drawn = () => (scene ? scene.framesDrawn : window.originalPointsDraws);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const place = (ms) => {
    const a = ((ms / 1000) * degreesPerSecond * Math.PI) / 180;
    const position = [centre[0] + distance * Math.sin(a), centre[1], centre[2] + distance * Math.cos(a)];
    const q = [0, Math.sin(a / 2), 0, Math.cos(a / 2)];
    if (scene) scene.setCamera({ position, orientation: q });
    else {
      camera.position.set(position[0], position[1], position[2]);
      camera.quaternion.set(q[0], q[1], q[2], q[3]);
    }
  };
  const start = await frame();
  let now = start;
  while (now - start < warmMs) {
    place(now - start);
    now = await frame();
  }
  const drawnBefore = drawn();
  const intervalsMs = [];
  while (now - start < warmMs + measureMs) {
    place(now - start);
    const next = await frame();
    intervalsMs.push(next - now);
    now = next;
  }
  const rect = canvas.getBoundingClientRect();
  return { intervalsMs, framesDrawn: drawn() - drawnBefore, starsDrawn: scene ? Number(canvas.dataset.stars) : window.originalPointsCount, canvas: { width: canvas.width, height: canvas.height, cssWidth: rect.width, cssHeight: rect.height } };
}`;

/** Orbits the open viewer's camera (ours or the original, whichever the page holds) and times its frames. */
export async function orbitAndTime(page: Page, orbit: FarOrbit): Promise<FarFrames> {
  return (await page.evaluate(`(${ORBIT_AND_TIME})(${JSON.stringify(orbit)})`)) as FarFrames;
}

/**
 * The original exposes no camera, but its renderer sets window.THREE (src/galaxy/native/renderer.js)
 * before unrender creates its PerspectiveCamera(45, aspect, 1, 20000), which calls
 * updateProjectionMatrix in its constructor: a setter on window.THREE wraps that method and keeps
 * the camera. Its far plane, 20000, is why a far camera must stay within 20000 of the stars: three.js
culls what lies beyond, and the original then draws nothing. WebGL1 draws are counted: points (its stars, once a frame) and lines (its links, in).
 */
const FAR_CAMERA_HOOKS = `
(() => {
  window.originalPointsDraws = 0;
  window.originalLinesDraws = 0;
  const proto = WebGLRenderingContext.prototype;
  for (const name of ['drawArrays', 'drawElements']) {
    const draw = proto[name];
    proto[name] = function (mode, ...rest) {
      const count = name === 'drawArrays' ? rest[1] : rest[0];
      if (count > 0 && mode === this.POINTS) {
        window.originalPointsDraws++;
        window.originalPointsCount = count;
      }
      if (count > 0 && mode === this.LINES) window.originalLinesDraws++;
      return draw.call(this, mode, ...rest);
    };
  }
  let three;
  Object.defineProperty(window, 'THREE', {
    configurable: true,
    get: () => three,
    set: (value) => {
      three = value;
      const update = value.PerspectiveCamera.prototype.updateProjectionMatrix;
      value.PerspectiveCamera.prototype.updateProjectionMatrix = function () {
        if (this.fov === 45 && this.far === 20000) window.originalCamera = this;
        return update.apply(this, arguments);
      };
    },
  });
})();
`;

/**
 * Opens the original on npm at `orbit`'s start pose (its own address keys cx..lw, which ours reads
 * the same way; l=1: links shown, its default and ours), waits for its stars and links to be drawn,
 * lets it settle, orbits and times its frames; a screenshot at the orbit's end goes to `screenshot`.
 */
export async function originalFarFrames(browser: Browser, origin: string, orbit: FarOrbit, settleMs: number, screenshot?: string): Promise<FarFrames & { loadedMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.route((url) => !url.href.startsWith(origin), (route) => route.abort());
    const page = await context.newPage();
    await page.addInitScript(FAR_CAMERA_HOOKS);
    const [x, y, z] = orbit.centre;
    await page.goto(`${origin}/#/galaxy/npm?cx=${x}&cy=${y}&cz=${z + orbit.distance}&lx=0&ly=0&lz=0&lw=1&l=1`);
    const loaded = await page.waitForFunction(
      () => {
        const w = window as unknown as { originalCamera?: unknown; originalPointsDraws: number; originalLinesDraws: number };
        return w.originalCamera !== undefined && w.originalPointsDraws > 0 && w.originalLinesDraws > 0 ? performance.now() : false;
      },
      undefined,
      { timeout: 180_000 },
    );
    const loadedMs = (await loaded.jsonValue()) as number;
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Escape'); // any key closes its help (src/galaxy/help.jsx), as in ours
    await page.waitForTimeout(settleMs);
    const frames = await orbitAndTime(page, orbit);
    if (screenshot) await page.screenshot({ path: screenshot });
    return { ...frames, loadedMs };
  } finally {
    await context.close();
  }
}
