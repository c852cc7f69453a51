import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_LABELS } from '../../../src/data/labelIndex';
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

const manifest = { name: 'x', versions: [] } as never;
const tiled: LoaderReply = { type: 'tiled', manifest, version: 'v1', tilesUrl: 'http://127.0.0.1/data/x/v1/tiles/' };
const decoded: LoaderReply = {
  type: 'done',
  manifest,
  version: 'v1',
  data: {
    name: 'x',
    version: 'v1',
    nodeCount: 1,
    edgeCount: 0,
    positions: new Float32Array(3),
    outOffsets: new Uint32Array(2),
    outTargets: new Uint32Array(0),
    inOffsets: new Uint32Array(2),
    inTargets: new Uint32Array(0),
    warnings: [],
    ...EMPTY_LABELS,
  },
};

const load = (name: string) => loadGalaxy(name, { dataRoot: 'http://127.0.0.1/data/' });

describe('the loader worker after a download', () => {
  it('is ended once it decoded a galaxy, with that download\'s garbage, and a fresh one waits for the next download', async () => {
    vi.stubGlobal('Worker', CountedWorker);
    const first = load('x');
    const worker = started.at(-1)!;
    const before = started.length;
    worker.reply(decoded);
    const result = await first;
    expect('graph' in result && result.graph.data.nodeCount).toBe(1);
    expect(worker.terminated).toBe(true);
    // One fresh worker, idle until asked.
    expect(started).toHaveLength(before + 1);
    const fresh = started.at(-1)!;
    expect(fresh.terminated).toBe(false);
    // The next download takes it, starting none.
    const second = load('y');
    expect(started).toHaveLength(before + 1);
    fresh.reply(decoded);
    await second;
    expect(fresh.terminated).toBe(true);
    expect(started).toHaveLength(before + 2);
  });

  it('is kept after a tiled version\'s answer, which decoded nothing, and takes the next download', async () => {
    vi.stubGlobal('Worker', CountedWorker);
    const first = load('x');
    const worker = started.at(-1)!;
    const before = started.length;
    worker.reply(tiled);
    await first;
    expect(worker.terminated).toBe(false);
    const second = load('y');
    expect(started).toHaveLength(before);
    expect(started.at(-1)).toBe(worker);
    worker.reply(tiled);
    await second;
  });
});
