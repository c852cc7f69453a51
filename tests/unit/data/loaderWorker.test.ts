import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadGalaxy } from '../../../src/data/loader';
import type { LoaderReply } from '../../../src/data/worker/protocol';
import { FakeWorker } from '../../support/fakeWorker';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Every loader worker started, in order. */
const started: FakeWorker<LoaderReply>[] = [];
class CountedWorker extends FakeWorker<LoaderReply> {
  constructor() {
    super();
    started.push(this);
  }
}

const tiled: LoaderReply = { type: 'tiled', manifest: { name: 'x', versions: [] } as never, version: 'v1', tilesUrl: 'http://127.0.0.1/data/x/v1/tiles/' };

describe('the loader worker after a download', () => {
  it('is ended with the garbage of its download, and a fresh one waits for the next download', async () => {
    vi.stubGlobal('Worker', CountedWorker);
    const first = loadGalaxy('x', { dataRoot: 'http://127.0.0.1/data/' });
    const worker = started.at(-1)!;
    const before = started.length;
    worker.reply(tiled);
    await first;
    expect(worker.terminated).toBe(true);
    // One fresh worker, idle until asked.
    expect(started).toHaveLength(before + 1);
    const fresh = started.at(-1)!;
    expect(fresh.terminated).toBe(false);
    // The next download takes it, starting none.
    const second = loadGalaxy('y', { dataRoot: 'http://127.0.0.1/data/' });
    expect(started).toHaveLength(before + 1);
    fresh.reply(tiled);
    await second;
    expect(fresh.terminated).toBe(true);
    expect(started).toHaveLength(before + 2);
  });
});
