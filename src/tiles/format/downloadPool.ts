import { RestTimer } from '../../timing/restTimer';
import { FIRST_BYTES, type DownloadBuffers } from './pooledDownload';

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
/**
 * Buffers that downloaded files are read into and given back once unpacked, so that a tile worker
 * fetching hundreds of tiles and shards reuses a dozen buffers instead of leaving each file's bytes
 * for a collection that a worker runs late (docs/decisions.md "One holding budget").
 */
export class DownloadPool implements DownloadBuffers {
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
