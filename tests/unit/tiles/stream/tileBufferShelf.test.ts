import { afterEach, describe, expect, it, vi } from 'vitest';
import { TILE_SHELF_REST_MS, TileBufferShelf } from '../../../../src/tiles/stream/tileBufferShelf';

describe('TileBufferShelf', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves the next tile from a shelved buffer', () => {
    const shelf = new TileBufferShelf(1_000);
    const buffer = shelf.take(500);
    expect(buffer.byteLength).toBe(1_000);
    shelf.give(buffer);
    expect(shelf.take(800)).toBe(buffer);
  });

  it('lets the shelved buffers go once none is taken nor given back for a while', () => {
    vi.useFakeTimers();
    const shelf = new TileBufferShelf(1_000);
    const buffers = [shelf.take(1_000), shelf.take(1_000)];
    for (const buffer of buffers) shelf.give(buffer);
    expect(shelf.shelved).toBe(2);
    vi.advanceTimersByTime(TILE_SHELF_REST_MS - 100);
    // A tile decoded meanwhile starts the wait again, and takes a shelved buffer.
    expect(buffers).toContain(shelf.take(1_000));
    vi.advanceTimersByTime(TILE_SHELF_REST_MS - 100);
    expect(shelf.shelved).toBe(1);
    vi.advanceTimersByTime(200);
    expect(shelf.shelved).toBe(0);
  });
});
