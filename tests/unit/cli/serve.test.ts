import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGalaxy } from '../../../src/cli/build/buildGalaxy';
import { startServer } from '../../../src/cli/serve/serveGalaxies';

describe('galaxy serve', () => {
  let root: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'galaxy-serve-'));
    await buildGalaxy({ input: 'tests/fixtures/importers/karate.csv', name: 'karate', out: root, version: 'v1', iterations: 5, threads: 1 });
    server = await startServer({ dataRoot: root, port: 0, host: '127.0.0.1' });
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('lists the data root galaxies and serves their files under /data', async () => {
    expect(await (await fetch(`${origin}/data/galaxies.json`)).json()).toEqual({ galaxies: ['karate'] });
    const manifest = (await (await fetch(`${origin}/data/karate/manifest.json?nocache=1`)).json()) as { last: string };
    expect(manifest.last).toBe('v1');
    const positions = await fetch(`${origin}/data/karate/v1/positions.bin`);
    expect(positions.status).toBe(200);
    expect((await positions.arrayBuffer()).byteLength).toBe(34 * 12);
  });

  it('answers the viewer at / and never serves files outside its folders', async () => {
    const page = await fetch(`${origin}/`);
    expect([200, 503]).toContain(page.status);
    for (const escape of ['/data/%2e%2e/package.json', '/%2e%2e/package.json', '/data/..%2fpackage.json']) {
      const response = await fetch(`${origin}${escape}`);
      expect(await response.text(), escape).not.toContain('"devDependencies"');
    }
  });
});
