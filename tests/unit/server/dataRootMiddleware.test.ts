import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirsFromEnv } from '../../../src/server/dataRootMiddleware';
import { startDataServer, type TestDataServer } from '../../support/dataServer';

let first: string;
let second: string;
let server: TestDataServer;

function galaxy(root: string, name: string, label: string) {
  mkdirSync(path.join(root, name, 'v1'), { recursive: true });
  writeFileSync(path.join(root, name, 'manifest.json'), JSON.stringify({ all: ['v1'], last: 'v1' }));
  writeFileSync(path.join(root, name, 'v1', 'labels.json'), JSON.stringify([label]));
}

beforeAll(async () => {
  first = mkdtempSync(path.join(tmpdir(), 'galaxy-root-a-'));
  second = mkdtempSync(path.join(tmpdir(), 'galaxy-root-b-'));
  galaxy(first, 'debian', 'from-first');
  galaxy(first, 'zeta', 'zeta-label');
  writeFileSync(path.join(first, 'galaxies.json'), JSON.stringify({ galaxies: ['zeta', 'debian'] }));
  galaxy(second, 'debian', 'from-second');
  galaxy(second, 'npm', 'npm-label');
  mkdirSync(path.join(second, 'not-a-galaxy'));
  server = await startDataServer([first, second]);
});

afterAll(async () => {
  await server?.close();
});

describe('data root served by the dev and preview servers', () => {
  it('lists the galaxies of every folder, keeping a folder\'s own galaxies.json order', async () => {
    const response = await fetch(`${server.dataRoot}galaxies.json`);
    expect(await response.json()).toEqual({ galaxies: ['zeta', 'debian', 'npm'] });
  });

  it('serves a file from the first folder that has it, with its length', async () => {
    const response = await fetch(`${server.dataRoot}debian/v1/labels.json`);
    expect(response.headers.get('content-length')).toBe(String('["from-first"]'.length));
    expect(await response.json()).toEqual(['from-first']);
    expect(await (await fetch(`${server.dataRoot}npm/v1/labels.json`)).json()).toEqual(['npm-label']);
  });

  it('answers 404 for missing files and refuses paths that leave the data root', async () => {
    expect((await fetch(`${server.dataRoot}nope/manifest.json`)).status).toBe(404);
    // fetch() would normalise the dots away; a raw request keeps them as a hostile client would.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${server.origin}/data/..%2f..%2f..%2fetc/passwd`, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(403);
  });

  it('reads its folders from GALAXY_DATA_DIR, defaulting to ./data', () => {
    expect(dataDirsFromEnv({}, '/repo')).toEqual(['/repo/data']);
    expect(dataDirsFromEnv({ GALAXY_DATA_DIR: `data${path.delimiter}/abs/galaxies` }, '/repo')).toEqual([
      '/repo/data',
      '/abs/galaxies',
    ]);
  });
});
