import { RestTimer } from '../../timing/restTimer';

/** Buffers kept for reuse: a few more than the tiles in flight (TILES_IN_FLIGHT), about 100 KB each. */
export const SHELVED_TILE_BUFFERS = 8;
/**
 * No buffer taken nor given back for this long: the view rests, and the shelved buffers (0.66 MB
 * after tiled npm opened) are let go rather than held until the next move, as the download pool's.
 */
export const TILE_SHELF_REST_MS = 3_000;

/**
 * Buffers of decoded tiles that their reader handed back (TileSource.recycle), for the next tiles to
 * be decoded into: a stream that replaces thousands of tiles then allocates a handful of buffers
 * instead of one a tile, which V8 would free only after tens of MB of them.
 */
export class TileBufferShelf {
  private readonly buffers: ArrayBuffer[] = [];
  /** Once no buffer is taken nor given back for its time, lets the shelved ones go. */
  private readonly rest: RestTimer;

  constructor(
    /** Bytes of a new buffer at least: a full tile's (decodedTileBytes(tileCapacity)), so that any buffer fits most tiles. */
    private readonly standardBytes: number,
    private readonly most = SHELVED_TILE_BUFFERS,
    restMs = TILE_SHELF_REST_MS,
  ) {
    this.rest = new RestTimer(restMs, () => {
      this.buffers.length = 0;
    });
  }

  get shelved(): number {
    return this.buffers.length;
  }

  /** A buffer of at least `bytes`: a shelved one when one is big enough, else a new one. */
  take(bytes: number): ArrayBuffer {
    this.rest.restart();
    const at = this.buffers.findIndex((buffer) => buffer.byteLength >= bytes);
    if (at >= 0) return this.buffers.splice(at, 1)[0];
    return new ArrayBuffer(Math.max(bytes, this.standardBytes));
  }

  /** Keeps a buffer nobody reads any more (a detached one, or one beyond the shelf's room, is dropped). */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength > 0 && this.buffers.length < this.most) this.buffers.push(buffer);
    this.rest.restart();
  }
}
