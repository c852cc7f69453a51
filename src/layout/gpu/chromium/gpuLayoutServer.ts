import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LayoutInput } from '../../levels';
import { encodeGraph, GRAPH_PATH, POSITIONS_PATH } from '../page/protocol';

const pageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../page');

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

let built: Promise<Map<string, Uint8Array>> | undefined;

/**
 * Bundles the layout page (TypeScript and WGSL) with Vite in memory, once per process: nothing is
 * written, so several builds can run side by side.
 */
function buildPage(): Promise<Map<string, Uint8Array>> {
  built ??= (async () => {
    const { build } = await import('vite');
    const result = await build({ configFile: false, root: pageDir, logLevel: 'warn', build: { write: false } });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((entry) => ('output' in entry ? entry.output : []));
    const files = new Map<string, Uint8Array>();
    for (const chunk of outputs) {
      files.set(`/${chunk.fileName}`, chunk.type === 'chunk' ? Buffer.from(chunk.code) : Buffer.from(chunk.source));
    }
    if (!files.has('/index.html')) throw new Error('the GPU layout page did not build');
    return files;
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
  const files = await buildPage();
  const graph = encodeGraph(input.nodeCount, input.sources, input.targets);
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
    const file = files.get(url.pathname === '/' ? '/index.html' : url.pathname);
    if (!file) {
      res.statusCode = 404;
      res.end('Not found');
      return;
    }
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(url.pathname === '/' ? '/index.html' : url.pathname)] ?? 'application/octet-stream');
    res.end(file);
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

