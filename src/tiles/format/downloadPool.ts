import { bodyFailed, openDownload, type DownloadProgress, type FetchLike } from '../../data/fetch/download';
import { GalaxyLoadError } from '../../data/loadTypes';
import { RestTimer } from '../../timing/restTimer';

/**
 * Bytes of buffers kept for the next downloads: some sixteen shards' worth, about as many files as
 * a tile worker has on their way. Capped in bytes, not buffers, so that a dozen small tiles' buffers
 * cannot push out the shard-sized ones.
 */
const KEPT_BYTES = 4 << 20;
/**
 * No download taken nor given back for this long: the view rests, and the kept buffers (about 1 MB
 * after a 100k galaxy's flight) are let go rather than held until the next move.
 */
export const DOWNLOAD_POOL_REST_MS = 3_000;
/** The first buffer of a body whose length the server did not say; it doubles as needed. */
const FIRST_BYTES = 64 << 10;

/**
 * Buffers that downloaded files are read into and given back once unpacked, so that a tile worker
 * fetching hundreds of tiles and shards reuses a dozen buffers instead of leaving each file's bytes
 * for a collection that a worker runs late (docs/decisions.md "One holding budget").
 */
export class DownloadPool {
  private readonly free: ArrayBuffer[] = [];
  private freeBytes = 0;
  /** Once no buffer is taken nor given back for its time, lets the kept ones go. */
  private readonly rest: RestTimer;

  constructor(restMs = DOWNLOAD_POOL_REST_MS) {
    this.rest = new RestTimer(restMs, () => {
      this.free.length = 0;
      this.freeBytes = 0;
    });
  }

  /** A buffer of at least `bytes`, the smallest kept one that fits, or a new one. */
  take(bytes: number): ArrayBuffer {
    this.rest.restart();
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      if (this.free[i].byteLength >= bytes && (best < 0 || this.free[i].byteLength < this.free[best].byteLength)) best = i;
    }
    // Sizes in powers of two, so that a kept buffer fits the next file of about its size.
    if (best < 0) return new ArrayBuffer(2 ** Math.ceil(Math.log2(Math.max(bytes, FIRST_BYTES))));
    const [buffer] = this.free.splice(best, 1);
    this.freeBytes -= buffer.byteLength;
    return buffer;
  }

  /** Bytes no longer read by anyone: their buffer serves a next download while the kept bytes allow (a detached one, of 0 bytes, is dropped). */
  give(bytes: Uint8Array): void {
    const buffer = bytes.buffer;
    if (!(buffer instanceof ArrayBuffer) || buffer.byteLength === 0 || this.freeBytes + buffer.byteLength > KEPT_BYTES || this.free.includes(buffer)) return;
    this.free.push(buffer);
    this.freeBytes += buffer.byteLength;
    this.rest.restart();
  }

  get kept(): number {
    return this.free.length;
  }
}

/**
 * GET `url` into a buffer of `pool`, read with a BYOB reader so that the body's bytes land there
 * without a piece of their own; failures as `download` says. Where the body cannot be read so
 * (an engine without byte streams for fetch), its pieces are copied in.
 */
export async function downloadPooled(url: string, fetchImpl: FetchLike, signal: AbortSignal | undefined, pool: DownloadPool, onProgress?: DownloadProgress): Promise<Uint8Array> {
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
