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
import type { Browser } from 'playwright';

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
