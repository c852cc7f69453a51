import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyPositionsBytes } from '../../../src/data/earlyPositionsWait';
import type { EarlyPositions, LoadProgress } from '../../../src/data/loadTypes';

/** An early positions.bin whose bytes and progress a test hands out. */
function heldPositions(quietSince: number) {
  let resolve: (bytes: ArrayBuffer | undefined) => void = () => undefined;
  const watchers: ((loaded: number, total: number | undefined) => void)[] = [];
  const positions: EarlyPositions = {
    url: 'http://viewer.example/data/crates/v1/positions.bin',
    bytes: new Promise((done) => (resolve = done)),
    quietSince: () => quietSince,
    watch: (watcher) => watchers.push(watcher),
    abort: vi.fn(),
  };
  return { positions, arrive: (loaded: number, total: number) => watchers.forEach((watch) => watch(loaded, total)), finish: (bytes?: ArrayBuffer) => resolve(bytes) };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => vi.useRealTimers());

describe('the loader waiting for the positions.bin the page asked for early', () => {
  it('says how much has arrived and hands over the bytes', async () => {
    const held = heldPositions(performance.now());
    const progress: LoadProgress[] = [];
    const bytes = earlyPositionsBytes('crates', held.positions, { dataRoot: '/data', onProgress: (p) => progress.push(p) });
    held.arrive(50, 100);
    const file = new ArrayBuffer(12);
    held.finish(file);
    expect(await bytes).toBe(file);
    expect(progress.map((p) => p.completed)).toEqual(['0%', '50%']);
    expect(progress[1].message).toBe('crates: downloading positions');
  });

  it('gives up as stalled once nothing arrived for the limit, counted from the last bytes before the loader ran', async () => {
    vi.advanceTimersByTime(20_000);
    const held = heldPositions(performance.now() - 20_000);
    const bytes = earlyPositionsBytes('crates', held.positions, { dataRoot: '/data', stallLimitMs: 30_000 });
    const failed = expect(bytes).rejects.toThrow('The download of the galaxy “crates” stalled: nothing arrived for 30 seconds');
    vi.advanceTimersByTime(9_999);
    held.arrive(10, 100);
    vi.advanceTimersByTime(29_999);
    expect(held.positions.abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    await failed;
    expect(held.positions.abort).toHaveBeenCalled();
  });

  it('ends the early download when the load is cancelled', async () => {
    const held = heldPositions(performance.now());
    const cancel = new AbortController();
    const bytes = earlyPositionsBytes('crates', held.positions, { dataRoot: '/data', signal: cancel.signal });
    cancel.abort();
    await expect(bytes).rejects.toThrow(`Cancelled download of ${held.positions.url}`);
    expect(held.positions.abort).toHaveBeenCalled();
  });
});
