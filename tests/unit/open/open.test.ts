import { gzipSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../../src/importers';
import { gunzip } from '../../../src/importers/gunzip';
import { InPlaceRepulsion, MultilevelLayout } from '../../../src/layout/multilevel';
import { galaxyRadius, scaleToGalaxy } from '../../../src/layout/scaleToGalaxy';
import { galaxyZip } from '../../../src/open/galaxyZip';
import { galaxyNameFor, isLocalGalaxy, localName, localRoute } from '../../../src/open/localName';
import { buildCommand, formatBytes, largestInput, memoryBudget, neededBytes } from '../../../src/open/memoryBudget';
import { readGraphBytes, TooBigError } from '../../../src/open/readGraphBytes';
import { startingPositions } from '../../../src/open/startingPositions';

function streamOf(bytes: Uint8Array, chunk = 7): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

describe('local galaxy names', () => {
  it('are the file name without graph and gzip extensions, made safe and unique', () => {
    expect(galaxyNameFor('karate.gt.gz', new Set())).toBe('karate');
    expect(galaxyNameFor('/home/me/My graph (2).csv', new Set())).toBe('My-graph-2');
    expect(galaxyNameFor('https://example.org/data/edges.tsv?raw=1', new Set())).toBe('edges');
    expect(galaxyNameFor('karate.csv', new Set(['karate', 'karate-2']))).toBe('karate-3');
    expect(galaxyNameFor('...', new Set())).toBe('graph');
    expect(galaxyNameFor('package-lock.json', new Set())).toBe('package-lock');
  });

  it('live under local: in the address', () => {
    expect(localRoute('karate')).toBe('local:karate');
    expect(isLocalGalaxy('local:karate')).toBe(true);
    expect(isLocalGalaxy('npm')).toBe(false);
    expect(localName('local:karate')).toBe('karate');
  });
});

describe('memory budget', () => {
  it('takes a forced size first, then the smaller of the heap limit and half the device memory', () => {
    expect(memoryBudget({ override: 100, jsHeapSizeLimit: 4 * 2 ** 30 })).toBe(100 * 2 ** 20);
    expect(memoryBudget({ jsHeapSizeLimit: 4 * 2 ** 30, deviceMemory: 2 })).toBe(2 ** 30);
    expect(memoryBudget({})).toBe(2 ** 30);
  });

  it('refuses inputs whose estimated need is over the budget', () => {
    const budget = 200 * 2 ** 20;
    expect(neededBytes(largestInput(budget))).toBeLessThanOrEqual(budget);
    expect(neededBytes(largestInput(budget) + 1)).toBeGreaterThan(budget);
    expect(largestInput(10)).toBe(0);
  });

  it('names the command that builds the galaxy instead, quoting odd file names', () => {
    expect(buildCommand('edges.csv', 'edges')).toBe('npx galaxy build edges.csv --name edges --out data');
    expect(buildCommand("my file's.csv", 'my-file-s')).toBe("npx galaxy build 'my file'\\''s.csv' --name my-file-s --out data");
    expect(formatBytes(3 * 2 ** 30)).toBe('3.0 GB');
    expect(formatBytes(1536)).toBe('2 kB');
  });
});

describe('reading a graph file', () => {
  const text = new TextEncoder().encode('a,b\nb,c\n'.repeat(100));

  it('unpacks gzip as it streams, every member of a multi-member file', async () => {
    const twice = new Uint8Array([...gzipSync(text), ...gzipSync(text)]);
    expect(gunzip(twice)).toEqual(new Uint8Array([...text, ...text]));
    const loaded: number[] = [];
    const bytes = await readGraphBytes(streamOf(gzipSync(text)), { total: undefined, budget: 2 ** 30, onProgress: (n) => loaded.push(n) });
    expect(new TextDecoder().decode(bytes)).toBe(new TextDecoder().decode(text));
    expect(loaded.at(-1)).toBe(gzipSync(text).length);
  });

  it('stops with the memory needed as soon as the input outgrows the budget', async () => {
    const budget = neededBytes(100);
    await expect(readGraphBytes(streamOf(text), { total: text.length, budget, onProgress: () => undefined })).rejects.toBeInstanceOf(TooBigError);
    await expect(readGraphBytes(streamOf(text), { total: text.length, budget: neededBytes(text.length), onProgress: () => undefined })).resolves.toHaveLength(text.length);
  });
});

describe('the layout stepped in the browser', () => {
  const graph = importGraph(new TextEncoder().encode('a,b\nb,c\nc,a\nc,d\nd,e\ne,f\nf,d\nx,y\n'), 'small.csv');
  graph.labels.push('alone');

  it('gives finite places for every node at every step and finishes after its iterations', async () => {
    const layout = new MultilevelLayout(
      { nodeCount: graph.labels.length, sources: graph.sources, targets: graph.targets },
      { iterations: 20 },
      new InPlaceRepulsion(),
    );
    let steps = 0;
    while (!layout.finished) {
      await layout.iterate();
      steps++;
      const positions = scaleToGalaxy(layout.positions());
      expect(positions).toHaveLength(3 * graph.labels.length);
      expect(Array.from(positions).every(Number.isFinite)).toBe(true);
    }
    expect(layout.progress).toBe(layout.total);
    expect(steps).toBeGreaterThanOrEqual(20);
  });

  it('starts from places in the galaxy range', () => {
    const positions = startingPositions(1000);
    const extent = positions.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    expect(extent).toBeLessThanOrEqual(galaxyRadius(1000));
    expect(extent).toBeGreaterThan(galaxyRadius(1000) * 0.8);
  });
});

describe('the saved zip', () => {
  it('holds a galaxy folder: manifest.json and the version folder in the wire format, with its tiles', () => {
    const zip = galaxyZip('karate', 'v1', { positions: new Int32Array([1, 2, 3]).buffer, links: new Int32Array([-1]).buffer, labels: '["a"]' }, 'karate.csv');
    const files = unzipSync(zip);
    expect(Object.keys(files).filter((name) => !name.endsWith('/')).sort()).toEqual([
      'karate/manifest.json',
      'karate/v1/labels.json',
      'karate/v1/links.bin',
      'karate/v1/positions.bin',
      'karate/v1/tiles/adjacency/0.bin.gz',
      'karate/v1/tiles/hierarchy.bin.gz',
      'karate/v1/tiles/index.json',
      'karate/v1/tiles/labels/0.json.gz',
      'karate/v1/tiles/stars/0.bin.gz',
    ]);
    expect(JSON.parse(strFromU8(files['karate/manifest.json']))).toEqual({ last: 'v1', all: ['v1'], tiles: ['v1'], meta: { title: 'karate.csv' } });
    expect(JSON.parse(strFromU8(files['karate/v1/tiles/index.json']))).toMatchObject({ stars: 1, links: 0, tileCount: 1 });
    expect(new Int32Array(files['karate/v1/positions.bin'].slice().buffer)).toEqual(new Int32Array([1, 2, 3]));
  });
});
