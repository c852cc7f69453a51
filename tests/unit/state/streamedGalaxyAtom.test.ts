import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { Graph } from '../../../src/data/graph';
import type { LoadOptions, LoadedGalaxy } from '../../../src/data/loadTypes';
import type { StreamedGalaxy } from '../../../src/data/streamedGalaxy';
import { decodeGalaxy } from '../../../src/data/wire/decodeGalaxy';
import { openGalaxy } from '../../../src/state/graph/actions';
import { galaxyLoaderAtom, graphAtom, streamedGalaxyAtom, streamStarsAtom } from '../../../src/state/graph/atoms';
import { streamingStarsWanted } from '../../../src/url/pageSwitches';
import { linksBin, positionsBin } from '../../support/wireFixtures';

function loaded(): LoadedGalaxy {
  const data = decodeGalaxy({ name: 'elm', version: 'v1', positions: positionsBin([[0, 0, 0], [1, 1, 1]]), links: linksBin([[1], []]), labels: '["a","b"]' });
  return { graph: new Graph(data), manifest: { last: 'v1', all: ['v1'] }, version: 'v1' };
}

const stars: StreamedGalaxy = { name: 'elm', version: 'v1', starCount: 2, positions: new Float32Array(6), waitingFor: ['links', 'labels'] };

function pendingLoader() {
  const calls: Array<{ options: LoadOptions; resolve: (value: LoadedGalaxy) => void }> = [];
  const load = (_name: string, options: LoadOptions) => new Promise<LoadedGalaxy>((resolve) => calls.push({ options, resolve }));
  return { calls, load };
}

describe('streamed stars in the graph store', () => {
  it('holds the stars handed over before the whole graph, and drops them once the graph is there', async () => {
    const store = createStore();
    const loader = pendingLoader();
    store.set(galaxyLoaderAtom, loader);
    const done = openGalaxy(store, { name: 'elm' });
    loader.calls[0].options.onStreamed?.(stars);
    expect(store.get(streamedGalaxyAtom)).toBe(stars);
    expect(store.get(graphAtom)).toBeUndefined();
    loader.calls[0].resolve(loaded());
    await done;
    expect(store.get(streamedGalaxyAtom)).toBeUndefined();
    expect(store.get(graphAtom)?.starCount).toBe(2);
  });

  it('ignores stars of a download that was replaced by another', async () => {
    const store = createStore();
    const loader = pendingLoader();
    store.set(galaxyLoaderAtom, loader);
    void openGalaxy(store, { name: 'elm' });
    void openGalaxy(store, { name: 'npm' });
    loader.calls[0].options.onStreamed?.(stars);
    expect(store.get(streamedGalaxyAtom)).toBeUndefined();
  });

  it('asks for no streamed parts with stream=0 (the whole-file baseline)', () => {
    const store = createStore();
    const loader = pendingLoader();
    store.set(galaxyLoaderAtom, loader);
    store.set(streamStarsAtom, false);
    void openGalaxy(store, { name: 'elm' });
    expect(loader.calls[0].options.onStreamed).toBeUndefined();
    expect(streamingStarsWanted('?renderer=webgl2&stream=0')).toBe(false);
    expect(streamingStarsWanted('?renderer=webgl2')).toBe(true);
    expect(streamingStarsWanted('?stream=1')).toBe(true);
  });
});
