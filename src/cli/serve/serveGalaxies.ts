import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataRootMiddleware, listGalaxies } from '../../server/dataRootMiddleware';
import { acceptReadOnly } from '../../server/readOnlyMethods';
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

/** Serves the built viewer at / and the data root at /data, as `vite preview` does in development. */
export function startServer(options: ServeOptions): Promise<Server> {
  const data = dataRootMiddleware('/data', [path.resolve(options.dataRoot)]);
  const viewer = staticFiles(viewerDist);
  const server = createServer((req, res) => {
    if (!acceptReadOnly(req, res)) return;
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
