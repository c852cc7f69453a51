import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { Graph } from '../../../src/data/graph';
import { GalaxyLoadError, type LoadOptions, type LoadedGalaxy } from '../../../src/data/loadTypes';
import { decodeGalaxy } from '../../../src/data/wire/decodeGalaxy';
import { closeGalaxy, openGalaxy } from '../../../src/state/graph/actions';
import { helpVisibleAtom } from '../../../src/state/help/atoms';
import {
  galaxyLoaderAtom,
  graphAtom,
  graphDownloadedCountAtom,
  graphLoadingAtom,
  loadErrorAtom,
  loadProgressAtom,
  requestedGraphNameAtom,
} from '../../../src/state/graph/atoms';
import { linksBin, positionsBin } from '../../support/wireFixtures';

interface Call {
  name: string;
  options: LoadOptions;
  resolve(value: LoadedGalaxy): void;
  reject(error: Error): void;
}

function fakeLoader() {
  const calls: Call[] = [];
  const load = (name: string, options: LoadOptions) =>
    new Promise<LoadedGalaxy>((resolve, reject) => {
      calls.push({ name, options, resolve, reject });
      options.signal?.addEventListener('abort', () => reject(new GalaxyLoadError(`Cancelled download of ${name}`, 'cancelled')));
    });
  return { calls, load };
}

function galaxy(name: string): LoadedGalaxy {
  const data = decodeGalaxy({
    name,
    version: 'v1',
    positions: positionsBin([[0, 0, 0], [1, 1, 1]]),
    links: linksBin([[1], []]),
    labels: '["a","b"]',
  });
  return { graph: new Graph(data), manifest: { last: 'v1', all: ['v1'] }, version: 'v1' };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('openGalaxy, the one way a galaxy opens (docs/rules.md#data-and-loading)', () => {
  it('starts loading, reports progress, then clears loading with a final empty progress event', async () => {
    const store = createStore();
    const loader = fakeLoader();
    store.set(galaxyLoaderAtom, loader);
    expect(store.get(graphLoadingAtom)).toBe(true);
    const done = openGalaxy(store, { name: 'elm' });
    expect(store.get(requestedGraphNameAtom)).toBe('elm');
    loader.calls[0].options.onProgress?.({ message: 'elm: downloading links', completed: '50%' });
    expect(store.get(loadProgressAtom)).toEqual({ message: 'elm: downloading links', completed: '50%' });
    loader.calls[0].resolve(galaxy('elm'));
    await done;
    expect(store.get(graphLoadingAtom)).toBe(false);
    expect(store.get(loadProgressAtom)).toEqual({ message: '', completed: '' });
    expect(store.get(graphAtom)?.name).toBe('elm');
    expect(store.get(graphDownloadedCountAtom)).toBe(1);
  });

  it('does nothing when the same graph is requested again', async () => {
    const store = createStore();
    const loader = fakeLoader();
    store.set(galaxyLoaderAtom, loader);
    void openGalaxy(store, { name: 'elm' });
    void openGalaxy(store, { name: 'elm' });
    expect(loader.calls).toHaveLength(1);
  });

  it('cancels the previous download when another graph is requested', async () => {
    const store = createStore();
    const loader = fakeLoader();
    store.set(galaxyLoaderAtom, loader);
    const first = openGalaxy(store, { name: 'elm' });
    const second = openGalaxy(store, { name: 'brew' });
    expect(loader.calls[0].options.signal?.aborted).toBe(true);
    await first;
    expect(store.get(loadErrorAtom)).toBeUndefined();
    loader.calls[1].resolve(galaxy('brew'));
    await second;
    expect(store.get(graphAtom)?.name).toBe('brew');
  });

  it('shows a failed download to the visitor and lets the same galaxy be retried', async () => {
    const store = createStore();
    const loader = fakeLoader();
    store.set(galaxyLoaderAtom, loader);
    const first = openGalaxy(store, { name: 'elm' });
    loader.calls[0].reject(new GalaxyLoadError('Unexpected status code 404 when calling /data/elm/manifest.json', 'status'));
    await first;
    expect(store.get(loadErrorAtom)).toBe('Unexpected status code 404 when calling /data/elm/manifest.json');
    expect(store.get(graphLoadingAtom)).toBe(false);
    void openGalaxy(store, { name: 'elm' });
    await flush();
    expect(loader.calls).toHaveLength(2);
    expect(store.get(loadErrorAtom)).toBeUndefined();
  });

  it('downloads the same graph again when forced (a manifest version change)', () => {
    const store = createStore();
    const loader = fakeLoader();
    store.set(galaxyLoaderAtom, loader);
    void openGalaxy(store, { name: 'elm' });
    void openGalaxy(store, { name: 'elm', version: 'v2', force: true });
    expect(loader.calls).toHaveLength(2);
    expect(loader.calls[1].options.version).toBe('v2');
  });

  it('shows the help again when a download finishes (docs/rules.md#panels)', async () => {
    const store = createStore();
    const loader = fakeLoader();
    store.set(galaxyLoaderAtom, loader);
    const done = openGalaxy(store, { name: 'elm' });
    store.set(helpVisibleAtom, false);
    loader.calls[0].resolve(galaxy('elm'));
    await done;
    expect(store.get(helpVisibleAtom)).toBe(true);
  });

  it('closing the galaxy stops its download without an error, and the same galaxy opens afresh', async () => {
    const store = createStore();
    const loader = fakeLoader();
    store.set(galaxyLoaderAtom, loader);
    const first = openGalaxy(store, { name: 'elm' });
    closeGalaxy(store);
    expect(loader.calls[0].options.signal?.aborted).toBe(true);
    await first;
    expect(store.get(loadErrorAtom)).toBeUndefined();
    void openGalaxy(store, { name: 'elm' });
    expect(loader.calls).toHaveLength(2);
  });
});
