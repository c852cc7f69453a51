import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Graph } from '../../../src/data/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../src/data/fetch/download';
import { fetchGalaxy } from '../../../src/data/fetch/fetchGalaxy';
import type { LoadProgress } from '../../../src/data/loadTypes';
import { startDataServer, type TestDataServer } from '../../support/dataServer';
import { linksBin, positionsBin } from '../../support/wireFixtures';

const fetchImpl = (url: string, init: { signal?: AbortSignal }) => fetch(url, init);

function writeGalaxy(root: string, name: string, manifest: object, versions: string[]) {
  for (const version of versions) {
    const dir = path.join(root, name, version);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'positions.bin'), Buffer.from(positionsBin([[1, 2, 3], [4, 5, 6]])));
    writeFileSync(path.join(dir, 'links.bin'), Buffer.from(linksBin([[1], []])));
    writeFileSync(path.join(dir, 'labels.json'), JSON.stringify([`a-${version}`, 'b']));
  }
  mkdirSync(path.join(root, name), { recursive: true });
  writeFileSync(path.join(root, name, 'manifest.json'), JSON.stringify(manifest));
}

let server: TestDataServer;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'galaxy-data-'));
  writeGalaxy(root, 'tiny', { all: ['v1', 'v2'], last: 'v2' }, ['v1', 'v2']);
  writeGalaxy(root, 'moved', { all: ['v1'], last: 'v1', endpoint: '/data/elsewhere/' }, []);
  writeGalaxy(path.join(root, 'elsewhere'), 'moved', { all: ['v1'], last: 'v1' }, ['v1']);
  writeGalaxy(root, 'nolabels', { all: ['v1'], last: 'v1' }, ['v1']);
  writeFileSync(path.join(root, 'nolabels', 'v1', 'labels.json'), '["a", "b"');
  mkdirSync(path.join(root, 'badmanifest'));
  writeFileSync(path.join(root, 'badmanifest', 'manifest.json'), '{"all": ');
  server = await startDataServer([root]);
});

afterAll(async () => {
  await server?.close();
});

describe('download errors (docs/rules.md#errors, word for word)', () => {
  it('names the status code and URL of a non-200 answer', async () => {
    const url = `${server.dataRoot}missing/manifest.json`;
    await expect(download(url, fetchImpl, undefined)).rejects.toThrow(`Unexpected status code 404 when calling ${url}`);
  });

  it('says the download failed on a network error', async () => {
    const url = 'http://127.0.0.1:9/data/x/positions.bin';
    await expect(download(url, fetchImpl, undefined)).rejects.toThrow(`Failed to download ${url}`);
  });

  it('says the download failed when the body is cut short', async () => {
    const url = `${server.origin}/truncated/links.bin`;
    await expect(download(url, fetchImpl, undefined)).rejects.toThrow(`Failed to download ${url}`);
  });

  it('says the download was cancelled on abort', async () => {
    const url = `${server.origin}/slow/links.bin`;
    const controller = new AbortController();
    const pending = download(url, fetchImpl, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow(`Cancelled download of ${url}`);
  });
});

describe('fetchGalaxy', () => {
  it('loads manifest then the three files, with the progress messages of docs/rules.md#data-and-loading', async () => {
    const events: LoadProgress[] = [];
    const fetched = await fetchGalaxy(
      { name: 'tiny', dataRoot: server.dataRoot, scale: 1.75 },
      { fetch: fetchImpl, onProgress: (progress) => events.push(progress), now: () => 42 },
    );
    expect(fetched.version).toBe('v2');
    expect(new Graph(fetched.data).labels).toEqual(['a-v2', 'b']);
    expect(Array.from(fetched.data.positions.subarray(0, 3))).toEqual([1.75, 3.5, 5.25]);
    const messages = new Set(events.map((event) => event.message));
    for (const kind of ['positions', 'links', 'labels']) expect(messages).toContain(`tiny: downloading ${kind}`);
    expect(messages).toContain('tiny: initializing edges');
    expect(events.filter((e) => e.message === 'tiny: initializing edges').at(-1)?.completed).toBe('100%');
    expect(events.find((e) => e.message === 'tiny: downloading labels')?.completed).toMatch(/^\d+%$/);
  });

  it('uses a saved version only when the manifest lists it', async () => {
    const saved = await fetchGalaxy({ name: 'tiny', dataRoot: server.dataRoot, version: 'v1' }, { fetch: fetchImpl });
    expect(saved.version).toBe('v1');
    const unknown = await fetchGalaxy({ name: 'tiny', dataRoot: server.dataRoot, version: 'v9' }, { fetch: fetchImpl });
    expect(unknown.version).toBe('v2');
  });

  it("reads the files from the manifest's endpoint when it has one", async () => {
    const fetched = await fetchGalaxy({ name: 'moved', dataRoot: server.dataRoot }, { fetch: fetchImpl });
    expect(new Graph(fetched.data).label(0)).toBe('a-v1');
  });

  it('asks for the manifest with a nocache timestamp', async () => {
    const seen: string[] = [];
    await fetchGalaxy(
      { name: 'tiny', dataRoot: server.dataRoot },
      { fetch: (url, init) => (seen.push(url), fetchImpl(url, init)), now: () => 1234 },
    );
    expect(seen[0]).toBe(`${server.dataRoot}tiny/manifest.json?nocache=1234`);
  });

  it('reports an unknown galaxy with the status and URL', async () => {
    await expect(
      fetchGalaxy({ name: 'nope', dataRoot: server.dataRoot }, { fetch: fetchImpl, now: () => 7 }),
    ).rejects.toThrow(`Unexpected status code 404 when calling ${server.dataRoot}nope/manifest.json?nocache=7`);
  });

  it('names the galaxy and file when the data cannot be used', async () => {
    await expect(fetchGalaxy({ name: 'nolabels', dataRoot: server.dataRoot }, { fetch: fetchImpl })).rejects.toThrow(
      /^nolabels: labels\.json is not valid JSON/,
    );
    await expect(fetchGalaxy({ name: 'badmanifest', dataRoot: server.dataRoot }, { fetch: fetchImpl })).rejects.toThrow(
      /^The manifest at .*badmanifest\/manifest\.json\?nocache=\d+ is not valid JSON$/,
    );
  });
});
