import { bodyFailed, openDownload, type DownloadProgress, type FetchLike } from '../../data/fetch/download';
import { GalaxyLoadError } from '../../data/loadTypes';

/** The first buffer of a body whose length the server did not say; it doubles as needed. */
export const FIRST_BYTES = 64 << 10;

/**
 * Where downloads take their buffers and give back the ones they outgrew (a tile worker's
 * DownloadPool). Apart from the pool's module: the page's entry reads tile files through this one,
 * and with the pool's rest timer beside it the built entry came to import another built file
 * (docs/decisions.md, "The first stars' code is asked for beside the manifest";
 * tests/unit/build/selfContainedEntry.test.ts).
 */
export interface DownloadBuffers {
  take(bytes: number): ArrayBuffer;
  give(bytes: Uint8Array): void;
}

/**
 * GET `url` into a buffer of `pool`, read with a BYOB reader so that the body's bytes land there
 * without a piece of their own; failures as `download` says. Where the body cannot be read so
 * (an engine without byte streams for fetch), its pieces are copied in.
 */
export async function downloadPooled(url: string, fetchImpl: FetchLike, signal: AbortSignal | undefined, pool: DownloadBuffers, onProgress?: DownloadProgress): Promise<Uint8Array> {
  const { response, total } = await openDownload(url, fetchImpl, signal);
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress?.(bytes.byteLength, total);
    return bytes;
  }
  // A byte more than declared: a BYOB reader learns that the body ended from a read with room left.
  let buffer = pool.take((total ?? FIRST_BYTES) + 1);
  let loaded = 0;
  const room = (wanted: number) => {
    if (loaded + wanted <= buffer.byteLength) return;
    const bigger = pool.take(Math.max(buffer.byteLength * 2, loaded + wanted));
    new Uint8Array(bigger).set(new Uint8Array(buffer, 0, loaded));
    pool.give(new Uint8Array(buffer));
    buffer = bigger;
  };
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = response.body.getReader({ mode: 'byob' });
  } catch {
    byob = undefined;
  }
  const reader = byob ?? response.body.getReader();
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
    try {
      if (byob) {
        room(1);
        read = await byob.read(new Uint8Array(buffer, loaded));
      } else {
        read = await (reader as ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>).read();
      }
    } catch {
      throw bodyFailed(url, signal);
    }
    if (byob) {
      // The buffer read into was handed to the stream and comes back as the value's (empty when done).
      if (read.value) buffer = read.value.buffer;
      else if (loaded > 0) throw bodyFailed(url, signal);
      else buffer = new ArrayBuffer(0);
    }
    if (read.done) break;
    if (!byob) {
      room(read.value.byteLength);
      new Uint8Array(buffer, loaded).set(read.value);
    }
    loaded += read.value.byteLength;
    onProgress?.(loaded, total);
  }
  if (total !== undefined && loaded < total) throw new GalaxyLoadError(`Failed to download ${url}`, 'network');
  return new Uint8Array(buffer, 0, loaded);
}
