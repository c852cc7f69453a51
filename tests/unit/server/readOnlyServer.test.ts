import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../src/cli/serve/serveGalaxies';
import { dataRootMiddleware } from '../../../src/server/dataRootMiddleware';
import { abortedDownload, openDescriptors, probe, rawExchange, settle } from '../../support/httpProbe';

/**
 * Issue 11: `galaxy serve` and the dev/preview data middleware only read, only inside the data root
 * (symbolic links resolved), and survive clients that drop downloads half way.
 */
let base: string;
let root: string;
let bigFile: string;
const SECRET = 'the-secret-outside-the-root';
const BIG = 4 * 1024 * 1024;

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'galaxy-readonly-')));
  root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'tiny', 'v1'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'secret.txt'), SECRET);
  writeFileSync(path.join(base, 'root-sibling.txt'), SECRET);
  writeFileSync(path.join(root, 'galaxies.json'), '{"galaxies":["tiny"]}');
  writeFileSync(path.join(root, 'tiny', 'manifest.json'), '{"all":["v1"],"last":"v1"}');
  writeFileSync(path.join(root, 'tiny', 'v1', 'labels.json'), '["a","b"]');
  bigFile = path.join(root, 'tiny', 'v1', 'positions.bin');
  writeFileSync(bigFile, Buffer.alloc(BIG, 7));
  symlinkSync(outside, path.join(root, 'escape'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'tiny', 'leak.json'));
  symlinkSync('/etc', path.join(root, 'etc'));
  symlinkSync('v1', path.join(root, 'tiny', 'latest'));
  symlinkSync('../root-sibling.txt', path.join(root, 'sibling.txt'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

async function listen(server: Server): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const servers: Record<string, () => Promise<Server>> = {
  'galaxy serve': () => startServer({ dataRoot: root, port: 0, host: '127.0.0.1' }),
  'dev/preview data middleware': async () => {
    const data = dataRootMiddleware('/data', [root]);
    return createServer((req, res) =>
      data(req, res, () => {
        res.statusCode = 404;
        res.end();
      }),
    );
  },
};

describe.each(Object.keys(servers))('%s', (name) => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = await servers[name]();
    origin = await listen(server);
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('never serves a file whose real path is outside the data root, through links or dot segments', async () => {
    for (const escape of [
      '/data/escape/secret.txt',
      '/data/tiny/leak.json',
      '/data/etc/hostname',
      '/data/etc/passwd',
      '/data/sibling.txt',
      '/data/%2e%2e/root-sibling.txt',
      '/data/tiny/..%2f..%2froot-sibling.txt',
      '/data/tiny%00/manifest.json',
    ]) {
      const response = await probe(origin, escape);
      // URL parsing turns /data/%2e%2e/x into /x, which galaxy serve answers with the viewer's page.
      if (!escape.includes('%2e%2e')) expect(response.status, escape).toBeGreaterThanOrEqual(400);
      expect(response.body.toString(), escape).not.toContain(SECRET);
      expect(response.body.toString(), escape).not.toContain('root:');
    }
  });

  it('follows links whose target stays inside the data root', async () => {
    const response = await probe(origin, '/data/tiny/latest/labels.json');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual(['a', 'b']);
  });

  it('answers GET and HEAD (headers only), and 405 with an Allow header to every other method', async () => {
    const get = await probe(origin, '/data/tiny/v1/labels.json');
    expect(get.status).toBe(200);
    const head = await probe(origin, '/data/tiny/v1/labels.json', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers['content-type']).toContain('application/json');
    const port = Number(new URL(origin).port);
    const raw = await rawExchange('127.0.0.1', port, 'HEAD /data/tiny/v1/positions.bin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const text = raw.toString('latin1');
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toContain(`Content-Length: ${BIG}`);
    expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']) {
      const response = await probe(origin, '/data/tiny/v1/labels.json', method, method === 'TRACE' ? undefined : 'x');
      expect(response.status, method).toBe(405);
      expect(response.headers.allow, method).toBe('GET, HEAD');
      expect(response.body.toString(), method).not.toContain('["a","b"]');
    }
  });

  it('closes the file of every download the client drops half way', async () => {
    const before = openDescriptors('self', bigFile);
    await Promise.all(Array.from({ length: 60 }, () => abortedDownload(origin, '/data/tiny/v1/positions.bin')));
    const after = await settle(
      () => openDescriptors('self', bigFile),
      (open) => open <= before,
    );
    expect(after).toBe(before);
    // And it still serves.
    expect((await probe(origin, '/data/tiny/manifest.json')).status).toBe(200);
  });
});
