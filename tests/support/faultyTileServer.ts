import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BrowserContext } from '@playwright/test';

/**
 * What the fault server does with a named file:
 * - `stall`: sends the headers (status 200, the file's length), then nothing, keeping the connection open;
 * - `truncate`: a complete answer holding the first `keep` bytes of the file (default half of it);
 * - `garbage`: a complete answer of `bytes` bytes that are no file of the format;
 * - `bomb`: a gzip of `unpackedBytes` zero bytes (a gzip bomb: 1 GiB packs into ~1 MB);
 * - `short-names`: a label shard whose JSON array holds only its first `keep` names (gzipped like the original);
 * - `status`: an answer with that HTTP status.
 */
export type TileFault =
  | { kind: 'stall' }
  | { kind: 'truncate'; keep?: number }
  | { kind: 'garbage'; bytes?: number }
  | { kind: 'bomb'; unpackedBytes: number }
  | { kind: 'short-names'; keep: number }
  | { kind: 'status'; status: number };

export interface FaultyTiledGalaxy {
  /** The galaxy's name as the viewer's address names it. */
  name: string;
  /** Sets the fault of a file of the version folder by its path there (e.g. 'tiles/hierarchy.bin.gz'); undefined serves it as is again. */
  fault(file: string, fault: TileFault | undefined): void;
  /** How many times the file was asked for. */
  requests(file: string): number;
  close(): Promise<void>;
}

const bombs = new Map<number, Buffer>();

/** A gzip of `unpackedBytes` zero bytes, made once per size (1 GiB takes a few seconds). */
function gzipBomb(unpackedBytes: number): Buffer {
  let bomb = bombs.get(unpackedBytes);
  if (!bomb) {
    bomb = gzipSync(Buffer.alloc(unpackedBytes), { level: 9 });
    bombs.set(unpackedBytes, bomb);
  }
  return bomb;
}

function shortNames(file: Buffer, keep: number): Buffer {
  const gzipped = file[0] === 0x1f && file[1] === 0x8b;
  const names = (JSON.parse((gzipped ? gunzipSync(file) : file).toString('utf8')) as string[]).slice(0, keep);
  const json = Buffer.from(JSON.stringify(names));
  return gzipped ? gzipSync(json) : json;
}

/** The bytes a fault answers with (stall and status are answered before this). */
function faultyBody(file: Buffer, fault: Exclude<TileFault, { kind: 'stall' } | { kind: 'status' }>): Buffer {
  switch (fault.kind) {
    case 'truncate':
      return file.subarray(0, fault.keep ?? Math.floor(file.byteLength / 2));
    case 'garbage':
      return Buffer.alloc(fault.bytes ?? 100, 0x5a);
    case 'bomb':
      return gzipBomb(fault.unpackedBytes);
    case 'short-names':
      return shortNames(file, fault.keep);
  }
}

/**
 * Serves the tiled galaxy at `sourceDir` (a galaxy folder: manifest.json and version folders) as the
 * galaxy `name` from a loopback HTTP server of its own, whose named files can stall (headers sent,
 * then nothing), come truncated, be garbage, be a gzip bomb, miss names or fail with a status. The
 * page finds it through its manifest, answered by `context.route` with the server as the manifest's
 * `endpoint`, so that the page and its workers ask the server itself, which a route handler cannot
 * imitate (it answers whole or not at all). Answers carry `Access-Control-Allow-Origin: *`.
 */
export async function serveFaultyTiledGalaxy(context: BrowserContext, name: string, sourceDir: string): Promise<FaultyTiledGalaxy> {
  const faults = new Map<string, TileFault>();
  const asked = new Map<string, number>();
  const stalled = new Set<ServerResponse>();
  const prefix = `/${encodeURIComponent(name)}/`;

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!pathname.startsWith(prefix) || pathname.includes('..')) {
      res.writeHead(404).end('not found');
      return;
    }
    const file = pathname.slice(prefix.length);
    asked.set(file, (asked.get(file) ?? 0) + 1);
    let body: Buffer;
    try {
      body = readFileSync(path.join(sourceDir, file));
    } catch {
      res.writeHead(404).end('not found');
      return;
    }
    const fault = faults.get(file.replace(/^[^/]+\//, ''));
    if (fault?.kind === 'stall') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.byteLength) });
      res.flushHeaders();
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      return;
    }
    if (fault?.kind === 'status') {
      res.writeHead(fault.status).end(`status ${fault.status}`);
      return;
    }
    const served = fault ? faultyBody(body, fault) : body;
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(served.byteLength) }).end(served);
  };

  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}/`;
  const manifest = JSON.parse(readFileSync(path.join(sourceDir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  await context.route(new RegExp(`/data/${name}/manifest\\.json(\\?.*)?$`), (route) => route.fulfill({ json: { ...manifest, endpoint } }));

  return {
    name,
    fault: (file, fault) => {
      if (fault) faults.set(file, fault);
      else faults.delete(file);
    },
    requests: (file) => [...asked].reduce((sum, [servedFile, times]) => sum + (servedFile.replace(/^[^/]+\//, '') === file ? times : 0), 0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
