import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dataRootMiddleware } from '../../src/server/dataRootMiddleware';

export interface TestDataServer {
  /** Data root URL served from `dirs`, e.g. http://127.0.0.1:PORT/data/ */
  dataRoot: string;
  origin: string;
  close(): Promise<void>;
}

/** Serves folders as a data root on a loopback port, plus test-only routes for broken responses. */
export async function startDataServer(dirs: string[]): Promise<TestDataServer> {
  const serveData = dataRootMiddleware('/data', dirs);
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/truncated/')) {
      // Promises 1000 bytes, sends 10, then drops the connection: a download cut short.
      res.writeHead(200, { 'Content-Length': '1000' });
      res.write(Buffer.alloc(10));
      setTimeout(() => res.destroy(), 20);
      return;
    }
    if (req.url?.startsWith('/slow/')) {
      res.writeHead(200, { 'Content-Length': '1000' });
      res.write(Buffer.alloc(10));
      return;
    }
    serveData(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    dataRoot: `${origin}/data/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
