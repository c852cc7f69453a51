import { readdirSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';

export interface ProbeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with any method (fetch refuses TRACE and friends); the whole body is read. */
export function probe(origin: string, path: string, method = 'GET', body?: string): Promise<ProbeResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Starts a download and drops the connection as soon as the first chunk of its body arrives. */
export function abortedDownload(origin: string, path: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, { agent: false }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
      res.on('end', () => resolve());
    });
    req.on('error', () => resolve());
    req.end();
  });
}

/** The raw bytes a server sends back for `head` (a full request text) until it closes the socket. */
export function rawExchange(host: string, port: number, head: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

/** Open descriptors of a process (Linux /proc), optionally only those pointing at `file`. */
export function openDescriptors(pid: number | 'self' = 'self', file?: string): number {
  const dir = `/proc/${pid}/fd`;
  let count = 0;
  for (const fd of readdirSync(dir)) {
    if (!file) {
      count++;
      continue;
    }
    try {
      if (readlinkSync(`${dir}/${fd}`) === file) count++;
    } catch {
      // Closed between listing and reading.
    }
  }
  return count;
}

/** Polls `read` until `done` holds or `timeoutMs` passes; returns the last value read. */
export async function settle<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let value = read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = read();
  }
  return value;
}
