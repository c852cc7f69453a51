import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stallWatchdog } from '../../../../src/data/fetch/stallWatchdog';
import { withEarlyFiles } from '../../../../src/tiles/format/earlyFiles';
import { fetchTileFiles } from '../../../../src/tiles/format/loadTileFile';
import { TileDataError } from '../../../../src/tiles/format/tileError';
import { FetchCache } from '../../../../src/tiles/stream/fetchCache';
import { MissingParts } from '../../../../src/tiles/stream/missingParts';
import { tileStallLimitMs } from '../../../../src/tiles/stream/stallLimit';
import { stallRetryDelay, StallRetries } from '../../../../src/tiles/stream/stallRetries';
import { startDataServer, type TestDataServer } from '../../../support/dataServer';
import { HeldParts } from '../../../../src/tiles/stream/heldParts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the stall watchdog', () => {
  it('fires once nothing has progressed for the limit, each progress starting the wait afresh, and never after stop', () => {
    vi.useFakeTimers();
    const onStall = vi.fn();
    const watchdog = stallWatchdog(30_000, onStall);
    vi.advanceTimersByTime(29_000);
    watchdog.progressed();
    vi.advanceTimersByTime(29_000);
    expect(onStall).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onStall).toHaveBeenCalledTimes(1);
    watchdog.progressed();
    vi.advanceTimersByTime(60_000);
    expect(onStall).toHaveBeenCalledTimes(1);

    const stopped = vi.fn();
    stallWatchdog(1_000, stopped).stop();
    vi.advanceTimersByTime(5_000);
    expect(stopped).not.toHaveBeenCalled();
  });
});

describe('the stall limit of tiled files', () => {
  it('is 30 s unless the page address shortens it with stallLimit=', () => {
    expect(tileStallLimitMs('')).toBe(30_000);
    expect(tileStallLimitMs('?renderer=webgl2&stallLimit=2000')).toBe(2_000);
    expect(tileStallLimitMs('?stallLimit=abc')).toBe(30_000);
    expect(tileStallLimitMs('?stallLimit=5')).toBe(30_000);
  });
});

describe('a tiled file over HTTP', () => {
  let server: TestDataServer;
  beforeAll(async () => {
    server = await startDataServer([]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('whose host sends headers and then nothing is given up after the limit as a stalled TileDataError', async () => {
    const load = fetchTileFiles(`${server.origin}/slow/`, () => 2_000);
    const error = await load('stars/5.bin.gz').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TileDataError);
    expect((error as TileDataError).stalled).toBe(true);
    expect((error as Error).message).toBe('nothing arrived for 2 seconds');
  });

  it('that is missing fails with the status, not as a stall', async () => {
    const load = fetchTileFiles(`${server.dataRoot}nowhere/`, () => 200);
    const error = await load('index.json').catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(`Unexpected status code 404 when calling ${server.dataRoot}nowhere/index.json`);
    expect(error instanceof TileDataError && error.stalled).toBe(false);
  });
});

describe('early files', () => {
  it('that stalled are not asked for again (the host was waited for as long as allowed); a missed guess is', async () => {
    const stalled = Promise.reject(new TileDataError('nothing arrived for 30 seconds', undefined, true));
    const missed = Promise.reject(new Error('Unexpected status code 404'));
    stalled.catch(() => {});
    missed.catch(() => {});
    const load = vi.fn(async (_path: string) => new Uint8Array([1]));
    const read = withEarlyFiles(load, new Map([['hierarchy.bin.gz', stalled], ['stars/0.bin.gz', missed]]));
    await expect(read('hierarchy.bin.gz')).rejects.toThrow('nothing arrived for 30 seconds');
    await expect(read('stars/0.bin.gz')).resolves.toEqual(new Uint8Array([1]));
    expect(load.mock.calls.map(([path]) => path)).toEqual(['stars/0.bin.gz']);
  });
});

describe('stalled parts are asked for again', () => {
  it('after the stall limit, then twice as long each time, at most 8 times the limit', () => {
    expect([0, 1, 2, 3, 4, 10].map((attempt) => stallRetryDelay(30_000, attempt))).toEqual([30_000, 60_000, 120_000, 240_000, 240_000, 240_000]);
  });

  it('each after its own backoff, which starts afresh once the part arrived, and none after dispose', () => {
    vi.useFakeTimers();
    const retried: number[] = [];
    const retries = new StallRetries<number>(1_000, (part) => retried.push(part));
    retries.stalled(7);
    vi.advanceTimersByTime(1_000);
    retries.stalled(7);
    vi.advanceTimersByTime(1_999);
    expect(retried).toEqual([7]);
    vi.advanceTimersByTime(1);
    expect(retried).toEqual([7, 7]);
    retries.arrived(7);
    retries.stalled(7);
    vi.advanceTimersByTime(1_000);
    expect(retried).toEqual([7, 7, 7]);
    retries.stalled(8);
    retries.dispose();
    vi.advanceTimersByTime(10_000);
    expect(retried).toEqual([7, 7, 7]);
  });

  it('by the fetch cache: a stalled part is fetched again when asked after its backoff, a part that failed otherwise is not', async () => {
    vi.useFakeTimers();
    const answers = new Map<number, Array<() => Promise<string>>>([
      [1, [() => Promise.reject(new TileDataError('stalled', undefined, true)), () => Promise.resolve('one')]],
      [2, [() => Promise.reject(new TileDataError('404')), () => Promise.resolve('two')]],
    ]);
    const due: number[] = [];
    const cache = new FetchCache<string>({
      holding: new HeldParts({ bytes: 100, caps: { names: 100, outLinks: 100, adjacency: 100 } }),
      kind: 'names',
      sizeOf: () => 1,
      fetch: (part) => answers.get(part)!.shift()!(),
      onArrived: () => {},
      onFailed: () => {},
      stallLimitMs: 1_000,
      onRetryDue: (part) => due.push(part),
    });
    cache.get(1);
    cache.get(2);
    await vi.advanceTimersByTimeAsync(0);
    expect([cache.hasFailed(1), cache.hasFailed(2)]).toEqual([true, true]);
    expect(cache.get(1)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(due).toEqual([1]);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.get(1)).toBe('one');
    expect(cache.hasFailed(2)).toBe(true);
    cache.dispose();
  });
});

describe('missing parts of a tiled galaxy', () => {
  it('warn once per message, and a part that arrives takes away its warning with those of the parts that failed alike', () => {
    const missing = new MissingParts();
    const shard = 'labels shard 0 (labels/0.json.gz) could not be read: nothing arrived for 30 seconds';
    expect(missing.failed('names 1', shard)).toBe(true);
    expect(missing.failed('names 2', shard)).toBe(false);
    expect(missing.failed('tile 5', 'tile 5-1: stars/5.bin.gz could not be read (nothing arrived for 30 seconds)')).toBe(true);
    const shown = missing.warnings;
    expect(shown).toHaveLength(2);
    expect(missing.warnings).toBe(shown);

    expect(missing.arrived('names 3')).toBe(false);
    expect(missing.arrived('names 2')).toBe(true);
    expect(missing.warnings).toEqual(['tile 5-1: stars/5.bin.gz could not be read (nothing arrived for 30 seconds)']);
    expect(missing.arrived('names 1')).toBe(false);
    expect(missing.arrived('tile 5')).toBe(true);
    expect(missing.warnings).toEqual([]);
  });
});
