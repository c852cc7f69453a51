import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_POOL_REST_MS, DownloadPool } from '../../../src/tiles/format/downloadPool';
import { downloadPooled } from '../../../src/tiles/format/pooledDownload';

const URL = 'https://example.test/tiles/adjacency/3.bin.gz';

function bytesOf(length: number, seed: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff));
}

/** A fetch answering `body` in pieces of `piece` bytes as a byte stream (as a browser's fetch body is), with or without Content-Length. */
function answering(body: Uint8Array, { piece = 10_000, length = true, status = 200, byteStream = true } = {}) {
  return async () => {
    let at = 0;
    const stream = byteStream
      ? new ReadableStream({
          type: 'bytes',
          pull(controller) {
            if (at >= body.byteLength) {
              controller.close();
              controller.byobRequest?.respond(0);
              return;
            }
            const chunk = body.subarray(at, at + piece);
            at += chunk.byteLength;
            controller.enqueue(chunk.slice());
          },
        })
      : new ReadableStream<Uint8Array>({
          pull(controller) {
            if (at >= body.byteLength) controller.close();
            else controller.enqueue(body.slice(at, (at += piece)));
          },
        });
    return new Response(stream, { status, headers: length ? { 'Content-Length': String(body.byteLength) } : {} });
  };
}

describe('downloads into pooled buffers (the tile worker)', () => {
  it('reads a body whole, with or without its length, by byte stream or by chunks, and reuses a buffer given back', async () => {
    const pool = new DownloadPool();
    const body = bytesOf(150_000, 1);
    for (const options of [{}, { length: false }, { byteStream: false }, { byteStream: false, length: false }]) {
      const bytes = await downloadPooled(URL, answering(body, options), undefined, pool);
      expect(bytes).toEqual(body);
      pool.give(bytes);
    }
    expect(pool.kept).toBeGreaterThan(0);
    const fresh = new DownloadPool();
    const first = await downloadPooled(URL, answering(bytesOf(1000, 2)), undefined, fresh);
    const firstSize = first.buffer.byteLength;
    fresh.give(first);
    expect(fresh.kept).toBe(1);
    const second = await downloadPooled(URL, answering(bytesOf(900, 3)), undefined, fresh);
    expect(second).toEqual(bytesOf(900, 3));
    expect(second.buffer.byteLength).toBe(firstSize);
    expect(fresh.kept).toBe(0);
  });

  it('keeps files on their way apart: no buffer serves two at once', async () => {
    const pool = new DownloadPool();
    const bodies = [0, 1, 2, 3, 4, 5].map((seed) => bytesOf(20_000 + seed * 1000, seed));
    const bytes = await Promise.all(bodies.map((body) => downloadPooled(URL, answering(body, { piece: 700 }), undefined, pool)));
    bytes.forEach((got, i) => expect(got).toEqual(bodies[i]));
    expect(new Set(bytes.map((got) => got.buffer)).size).toBe(bodies.length);
  });

  it('says what went wrong as a plain download does', async () => {
    const pool = new DownloadPool();
    await expect(downloadPooled(URL, answering(bytesOf(10, 0), { status: 404 }), undefined, pool)).rejects.toThrow(`Unexpected status code 404 when calling ${URL}`);
    const short = async () => new Response(bytesOf(100, 0), { headers: { 'Content-Length': '500' } });
    await expect(downloadPooled(URL, short, undefined, pool)).rejects.toThrow(`Failed to download ${URL}`);
    const controller = new AbortController();
    controller.abort();
    await expect(downloadPooled(URL, answering(bytesOf(10, 0)), controller.signal, pool)).rejects.toThrow(`Cancelled download of ${URL}`);
  });

  describe('at rest', () => {
    afterEach(() => vi.useRealTimers());

    it('lets the kept buffers go once none is taken nor given back for a while', () => {
      vi.useFakeTimers();
      const pool = new DownloadPool();
      const buffers = [pool.take(100_000), pool.take(100_000)];
      for (const buffer of buffers) pool.give(new Uint8Array(buffer));
      expect(pool.kept).toBe(2);
      vi.advanceTimersByTime(DOWNLOAD_POOL_REST_MS - 100);
      // A download on its way starts the wait again, and is served by a kept buffer.
      const taken = pool.take(100_000);
      expect(buffers).toContain(taken);
      vi.advanceTimersByTime(DOWNLOAD_POOL_REST_MS - 100);
      expect(pool.kept).toBe(1);
      vi.advanceTimersByTime(200);
      expect(pool.kept).toBe(0);
    });
  });
});
