import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticFiles } from '../../../cli/serve/staticFiles';
import type { LayoutInput } from '../../multilevel';
import { encodeGraph, GRAPH_PATH, POSITIONS_PATH } from '../page/protocol';

const here = path.dirname(fileURLToPath(import.meta.url));
const pageDir = path.resolve(here, '../page');
const projectRoot = path.resolve(here, '../../../..');
const pageBuild = path.join(projectRoot, 'node_modules', '.cache', 'galaxy-gpu-layout');

let built: Promise<void> | undefined;

/** Bundles the layout page (TypeScript and WGSL) with Vite, once per process. */
function buildPage(): Promise<void> {
  built ??= (async () => {
    const { build } = await import('vite');
    await build({
      configFile: false,
      root: pageDir,
      logLevel: 'warn',
      build: { outDir: pageBuild, emptyOutDir: true },
    });
    if (!existsSync(path.join(pageBuild, 'index.html'))) throw new Error('the GPU layout page did not build');
  })();
  return built;
}

export interface GpuLayoutServer {
  origin: string;
  /** The positions the page posted back, once it has. */
  positions(): Float32Array | undefined;
  close(): Promise<void>;
}

/** Serves the built layout page, one graph for it to lay out and a place to post the positions to, on loopback. */
export async function serveGpuLayoutPage(input: LayoutInput): Promise<GpuLayoutServer> {
  await buildPage();
  const graph = encodeGraph(input.nodeCount, input.sources, input.targets);
  const files = staticFiles(pageBuild);
  let received: Float32Array | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === GRAPH_PATH) {
      res.setHeader('Content-Type', 'application/octet-stream');
      res.end(graph);
      return;
    }
    if (url.pathname === POSITIONS_PATH && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const bytes = Buffer.concat(chunks);
        received = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
        res.end('ok');
      });
      return;
    }
    files(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    positions: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

