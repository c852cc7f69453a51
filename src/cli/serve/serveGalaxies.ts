import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderNameProblem } from '../../data/folderName';
import { parseManifestText, UnsafeVersionNameError } from '../../data/manifest';
import { dataRootMiddleware, listGalaxies } from '../../server/dataRootMiddleware';
import { acceptReadOnly } from '../../server/readOnlyMethods';
import { sendStatus } from '../../server/sendFile';
import { staticFiles } from './staticFiles';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const viewerDist = path.join(projectRoot, 'dist');

/** Builds the viewer with Vite into dist/ unless a build is there already. */
export async function ensureViewerBuilt(log: (line: string) => void): Promise<void> {
  if (existsSync(path.join(viewerDist, 'index.html'))) return;
  log('no viewer build found: building it (vite build)...');
  const { build } = await import('vite');
  await build({ root: projectRoot, configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn' });
}

export interface ServeOptions {
  dataRoot: string;
  port: number;
  host: string;
}

const DATA_PATH = '/data';

/**
 * Serves the built viewer at / and the data root at /data, as `vite preview` does in development;
 * a galaxy whose manifest names an unsafe version (refusedGalaxies, checked at start) is not served.
 */
export function startServer(options: ServeOptions): Promise<Server> {
  const data = dataRootMiddleware(DATA_PATH, [path.resolve(options.dataRoot)]);
  const viewer = staticFiles(viewerDist);
  const refusal = refusalOfRequest(options.dataRoot, refusedGalaxies(options.dataRoot));
  const server = createServer((req, res) => {
    if (!acceptReadOnly(req, res)) return;
    const refused = refusal(req.url);
    if (refused) {
      sendStatus(res, 403, `Not served: ${refused}`);
      return;
    }
    data(req, res, () => viewer(req, res));
  });
  // Slow or idle clients cannot hold sockets (and so descriptors) for ever.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      // Once listening, an error (e.g. EMFILE on accept when out of descriptors) costs one
      // connection, not the server: Node would otherwise throw it and stop the process.
      server.on('error', (error: NodeJS.ErrnoException) => {
        process.stderr.write(`galaxy serve: ${error.code ?? error.message} (still serving)\n`);
      });
      resolve(server);
    });
  });
}

/** The addresses a visitor on the local network can open. */
export function shareableUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [`http://${host}:${port}/`];
  const urls = [`http://localhost:${port}/`];
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) urls.push(`http://${address.address}:${port}/`);
    }
  }
  return urls;
}

export function galaxiesIn(dataRoot: string): string[] {
  return listGalaxies([path.resolve(dataRoot)]);
}

/** A galaxy of the data root that galaxy serve leaves out, and why. */
export interface RefusedGalaxy {
  name: string;
  reason: string;
}

/**
 * The galaxies whose manifest.json names a version that is not a version name (`../x`, `/x`,
 * `%2e%2e`...): the one manifest parser refuses them, and so does galaxy serve, by name and reason.
 */
export function refusedGalaxies(dataRoot: string): RefusedGalaxy[] {
  const refused: RefusedGalaxy[] = [];
  // Every folder is served, whether galaxies.json lists it or not.
  let folders: string[] = [];
  try {
    folders = readdirSync(dataRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    // An unreadable data root serves nothing to refuse.
  }
  for (const name of new Set([...galaxiesIn(dataRoot), ...folders.sort()])) {
    if (folderNameProblem(name)) continue; // never a galaxy folder: nothing to read
    const file = path.join(dataRoot, name, 'manifest.json');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    try {
      parseManifestText(text);
    } catch (error) {
      if (error instanceof UnsafeVersionNameError) refused.push({ name, reason: `${file} ${error.reason}` });
    }
  }
  return refused;
}

/**
 * Why a request must not be answered (it reads a refused galaxy's folder, by any spelling or link
 * that leads there), or undefined.
 */
function refusalOfRequest(dataRoot: string, refused: RefusedGalaxy[]): (url: string | undefined) => string | undefined {
  const realPath = (file: string) => {
    try {
      return realpathSync(file);
    } catch {
      return undefined;
    }
  };
  const byFolder = new Map<string, string>();
  for (const { name, reason } of refused) {
    const folder = realPath(path.join(dataRoot, name));
    if (folder) byFolder.set(folder, reason);
  }
  if (byFolder.size === 0) return () => undefined;
  return (url) => {
    let pathname: string;
    try {
      pathname = path.posix.normalize(decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname));
    } catch {
      return undefined; // answered by the data middleware
    }
    if (!pathname.startsWith(`${DATA_PATH}/`)) return undefined;
    const galaxy = pathname.slice(DATA_PATH.length + 1).split('/')[0];
    const folder = galaxy ? realPath(path.join(dataRoot, galaxy)) : undefined;
    return folder ? byFolder.get(folder) : undefined;
  };
}
