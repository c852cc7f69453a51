import { describe, expect, it } from 'vitest';
import { TileFetchScheduler } from '../../../../src/tiles/planner/tileFetchScheduler';

/** A fetchTile whose requests the test answers one by one. */
function fakeTiles() {
  const requests = new Map<number, { signal: AbortSignal; resolve: (value: string) => void; reject: (error: Error) => void }>();
  const started: number[] = [];
  const fetchTile = (tile: number, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      started.push(tile);
      requests.set(tile, { signal, resolve, reject });
      signal.addEventListener('abort', () => reject(new Error(`aborted ${tile}`)));
    });
  const answer = async (tile: number) => {
    requests.get(tile)?.resolve(`tile ${tile}`);
    await Promise.resolve();
    await Promise.resolve();
  };
  const fail = async (tile: number) => {
    requests.get(tile)?.reject(new Error(`404 for tile ${tile}`));
    await Promise.resolve();
    await Promise.resolve();
  };
  return { fetchTile, requests, started, answer, fail };
}

function scheduler(maxInFlight = 2) {
  const tiles = fakeTiles();
  const loadedEvents: number[] = [];
  const failures: number[] = [];
  const s = new TileFetchScheduler<string>({
    fetchTile: tiles.fetchTile,
    maxInFlight,
    sizeOf: () => 100,
    onLoaded: (tile) => loadedEvents.push(tile),
    onFailed: (tile) => failures.push(tile),
  });
  return { s, tiles, loadedEvents, failures };
}

describe('TileFetchScheduler', () => {
  it('fetches in the planner order with at most K requests in flight', async () => {
    const { s, tiles, loadedEvents } = scheduler(2);
    s.update({ fetch: [5, 3, 9, 1] });
    expect(tiles.started).toEqual([5, 3]);
    expect(s.queuedTiles).toEqual([9, 1]);
    await tiles.answer(3);
    expect(loadedEvents).toEqual([3]);
    expect(s.get(3)).toBe('tile 3');
    expect(tiles.started).toEqual([5, 3, 9]);
    expect(s.inFlightTiles.sort()).toEqual([5, 9]);
  });

  it('cancels requests for tiles the camera has left and gives their slot to the next tile', async () => {
    const { s, tiles, loadedEvents } = scheduler(2);
    s.update({ fetch: [1, 2, 3] });
    s.update({ fetch: [2, 3, 4] });
    expect(tiles.requests.get(1)?.signal.aborted).toBe(true);
    expect(tiles.requests.get(2)?.signal.aborted).toBe(false);
    expect(tiles.started).toEqual([1, 2, 3]);
    await tiles.answer(1); // an answer that comes after all is ignored
    expect(s.has(1)).toBe(false);
    expect(loadedEvents).toEqual([]);
  });

  it('reorders what is queued when the camera turns, without touching what is in flight', () => {
    const { s, tiles } = scheduler(1);
    s.update({ fetch: [1, 2, 3, 4] });
    s.update({ fetch: [1, 4, 3, 2] });
    expect(tiles.started).toEqual([1]);
    expect(s.queuedTiles).toEqual([4, 3, 2]);
  });

  it('does not fetch what it holds already', async () => {
    const { s, tiles } = scheduler(2);
    s.update({ fetch: [1] });
    await tiles.answer(1);
    s.update({ fetch: [1, 2] });
    expect(tiles.started).toEqual([1, 2]);
  });

  it('evicts nothing by itself: a tile stays until its holder forgets it (the one eviction path, HeldParts)', async () => {
    const { s, tiles } = scheduler(4);
    s.update({ fetch: [1, 2, 3, 4] });
    for (const tile of [1, 2, 3, 4]) await tiles.answer(tile);
    expect(s.bytes).toBe(400);
    s.update({ fetch: [] });
    expect([1, 2, 3, 4].filter((tile) => s.has(tile))).toEqual([1, 2, 3, 4]);
    s.forget(3);
    expect([1, 2, 3, 4].filter((tile) => s.has(tile))).toEqual([1, 2, 4]);
    expect(s.bytes).toBe(300);
  });

  it('says the bytes of the tiles on their way, which count against the holding budget before they arrive', async () => {
    const { s, tiles } = scheduler(2);
    s.update({ fetch: [1, 2, 3] });
    expect(s.inFlightBytes).toBe(200);
    await tiles.answer(1);
    expect(s.inFlightTiles.sort()).toEqual([2, 3]);
    s.update({ fetch: [] });
    expect(s.inFlightBytes).toBe(0);
  });

  it('does not ask again for a tile that failed until it is retried', async () => {
    const { s, tiles, failures } = scheduler(2);
    s.update({ fetch: [1, 2] });
    await tiles.fail(1);
    expect(failures).toEqual([1]);
    expect(s.failedTiles).toEqual([1]);
    s.update({ fetch: [1, 2] });
    expect(tiles.started).toEqual([1, 2]);
    s.retry(1);
    s.update({ fetch: [1, 2] });
    expect(tiles.started).toEqual([1, 2, 1]);
  });

  it('aborts everything in flight when disposed', () => {
    const { s, tiles } = scheduler(2);
    s.update({ fetch: [1, 2, 3] });
    s.dispose();
    expect([...tiles.requests.values()].every((request) => request.signal.aborted)).toBe(true);
    s.update({ fetch: [3] });
    expect(tiles.started).toEqual([1, 2]);
  });
});
