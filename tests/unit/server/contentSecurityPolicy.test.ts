import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../src/cli/serve/serveGalaxies';
import { CONTENT_SECURITY_POLICY } from '../../../src/server/contentSecurityPolicy';
import { probe } from '../../support/httpProbe';

/** Issue 11: `galaxy serve` sends the viewer under the strict policy the README gives static hosts. */
let root: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'galaxy-csp-'));
  server = await startServer({ dataRoot: root, port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('Content-Security-Policy', () => {
  it('allows no eval and no inline script', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(directives.get('object-src')).toEqual(["'none'"]);
  });

  it('is sent by galaxy serve with the viewer, and is the one the README tells static hosts to send', async () => {
    for (const route of ['/', '/index.html', '/no/such/page']) {
      const response = await probe(origin, route);
      expect(response.headers['content-security-policy'], route).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-content-type-options'], route).toBe('nosniff');
    }
    const post = await probe(origin, '/', 'POST', 'x');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(readFileSync('README.md', 'utf8')).toContain(`Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`);
  });
});
