import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GalaxyLoadError, type LoadOptions, type LoadedGalaxy, STALL_LIMIT_MS } from '../../../src/data/loadTypes';
import { loadGalaxy } from '../../../src/data/loader';
import type { LoaderReply } from '../../../src/data/worker/protocol';
import { closeGalaxy, openGalaxy } from '../../../src/state/graph/actions';
import { galaxyLoaderAtom, loadErrorAtom } from '../../../src/state/graph/atoms';
import { FakeWorker } from '../../support/fakeWorker';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a stalled download', () => {
  it('fails after STALL_LIMIT_MS without progress, naming the galaxy, and ends the worker', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const loading = loadGalaxy('x', { dataRoot: 'http://127.0.0.1/data/' });
    const outcome = loading.then(
      () => 'loaded',
      (error: GalaxyLoadError) => `${error.kind}: ${error.message}`,
    );
    const worker = FakeWorker.last as FakeWorker<LoaderReply>;
    // Progress keeps it alive: 25 s, a chunk, 25 s more is still within the limit.
    vi.advanceTimersByTime(STALL_LIMIT_MS - 5000);
    worker.reply({ type: 'progress', progress: { message: 'x: downloading positions', completed: '50%' }, url: 'http://127.0.0.1/data/x/v1/positions.bin' });
    vi.advanceTimersByTime(STALL_LIMIT_MS - 5000);
    expect(worker.terminated).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(await outcome).toBe('stalled: The download of the galaxy “x” stalled: nothing arrived for 30 seconds');
    expect(worker.terminated).toBe(true);
  });
});

describe('leaving the galaxy', () => {
  it('cancels the download in progress, and the same galaxy downloads afresh when asked again', async () => {
    const store = createStore();
    const signals: AbortSignal[] = [];
    store.set(galaxyLoaderAtom, {
      load: (_name: string, options: LoadOptions) =>
        new Promise<LoadedGalaxy>((_resolve, reject) => {
          signals.push(options.signal!);
          options.signal?.addEventListener('abort', () => reject(new GalaxyLoadError('Cancelled', 'cancelled')));
        }),
    });
    void openGalaxy(store, { name: 'npm' });
    closeGalaxy(store);
    expect(signals[0].aborted).toBe(true);
    void openGalaxy(store, { name: 'npm' });
    expect(signals).toHaveLength(2);
    expect(signals[1].aborted).toBe(false);
    expect(store.get(loadErrorAtom)).toBeUndefined();
  });
});
