import { ZStream, Z_BUF_ERROR, Z_FINISH, Z_OK, Z_STREAM_END, zlibInflate, zlibInflateInit2, zlibInflateReset } from 'pako';
import { isGzip, type FileUnpacker } from './gzip';
import { TileDataError } from './tileError';
import { RestTimer } from '../../timing/restTimer';

/** Beyond this a scratch buffer is not kept: a larger file (none is, unless damaged) unpacks into a buffer of its own. */
const SCRATCH_MAX_BYTES = 8 << 20;

/** What a gzip's trailer says its bytes unpack to (modulo 2^32, as gzip writes it). */
export function trailerSize(bytes: Uint8Array): number {
  const end = bytes.byteLength;
  return (bytes[end - 4] | (bytes[end - 3] << 8) | (bytes[end - 2] << 16) | (bytes[end - 1] << 24)) >>> 0;
}

/**
 * No file unpacked for this long: the view rests, and the scratch buffer (0.25 MB after tiled npm
 * opened) and the inflate state (its 32 KB window and tables) are let go rather than held until the
 * next move, as the tile worker's shelf and download pool do; the next file makes them again.
 */
export const SCRATCH_REST_MS = 3_000;

/** zlib's window bits for a gzip stream: a 32 KB window (15) inside gzip's wrapper (+16). */
const GZIP_WINDOW_BITS = 16 + 15;

/** What one inflation wrote, and whether the gzip ended within the room it had. */
interface Inflated {
  written: number;
  ended: boolean;
}

/**
 * One zlib inflate state (pako's port of zlib) reset for each file, so that its Huffman tables are
 * allocated once: fflate's gunzipSync allocates two tables of up to 64 KB for every deflate block,
 * 240–260 KB per adjacency shard of a 10M-star galaxy, which the renderer held until a collection
 * (docs/decisions.md "One inflate state for every tile and shard").
 */
class ReusedInflater {
  private readonly stream = new ZStream();

  constructor() {
    zlibInflateInit2(this.stream, GZIP_WINDOW_BITS);
  }

  /** Unpacks gzip `bytes` into `out`; undefined when they are damaged or end too soon. */
  inflate(bytes: Uint8Array, out: Uint8Array<ArrayBuffer>): Inflated | undefined {
    const stream = this.stream;
    zlibInflateReset(stream);
    stream.input = bytes;
    stream.next_in = 0;
    stream.avail_in = bytes.byteLength;
    stream.output = out;
    stream.next_out = 0;
    stream.avail_out = out.byteLength;
    const status = zlibInflate(stream, Z_FINISH);
    const written = stream.next_out;
    // Drop the caller's buffers, so that the state does not keep the last file alive.
    stream.input = EMPTY;
    stream.output = EMPTY;
    if (status === Z_STREAM_END) return { written, ended: true };
    // Out of room before the end: a file longer than its room, which the caller's length check reports.
    const outOfRoom = stream.avail_out === 0 && (status === Z_OK || status === Z_BUF_ERROR);
    return outOfRoom ? { written, ended: false } : undefined;
  }
}

const EMPTY = new Uint8Array(0);
const EMPTY_SCRATCH = new Uint8Array<ArrayBuffer>(new ArrayBuffer(0));

/**
 * Unpacks one file after another into one buffer that grows to the largest, with one inflate state,
 * so that a worker unpacking thousands of tiles and shards leaves no garbage of them: the bytes
 * returned view that buffer and are valid until the next call, so a caller reads or copies them
 * before it awaits anything.
 */
export class ScratchUnpacker implements FileUnpacker {
  private scratch = EMPTY_SCRATCH;
  private reusedInflater: ReusedInflater | undefined;
  private readonly rest: RestTimer;

  constructor(restMs = SCRATCH_REST_MS) {
    this.rest = new RestTimer(restMs, () => {
      this.scratch = EMPTY_SCRATCH;
      this.reusedInflater = undefined;
    });
  }

  /** Bytes of the scratch buffer held now (0 at rest). */
  get scratchBytes(): number {
    return this.scratch.byteLength;
  }

  private get inflater(): ReusedInflater {
    this.rest.restart();
    return (this.reusedInflater ??= new ReusedInflater());
  }

  /**
   * `expectedBytes` sizes the buffer (a damaged gzip trailer may claim gigabytes), which caps what a
   * tile may unpack to: a file that unpacks to more comes out longer than expected, which the
   * caller's length check reports.
   */
  unpack(bytes: Uint8Array, name: string, expectedBytes: number): Uint8Array {
    if (!isGzip(bytes)) return bytes;
    const out = this.room(expectedBytes + 4);
    const inflated = this.inflater.inflate(bytes, out);
    if (!inflated) throw new TileDataError(`${name} is not valid gzip (truncated?)`);
    return out.subarray(0, inflated.written);
  }

  /**
   * A file whose size only its gzip trailer says (a name or adjacency shard), unpacked into the
   * buffer when the trailer is within `maxBytes` and the file unpacks to exactly what it says;
   * undefined for anything else (a damaged file, a gzip bomb, bytes sent unpacked), which the caller
   * hands to `unpackFile`, whose messages say what is wrong. Synchronous, so that the caller reads the
   * bytes before another request's unpacking overwrites them. `room` gives another buffer to unpack
   * into (ShardSlots' reused ones) instead of the scratch buffer.
   */
  unpackSized(bytes: Uint8Array, maxBytes: number, room: (bytes: number) => Uint8Array<ArrayBuffer> = (n) => this.room(n)): Uint8Array | undefined {
    if (!isGzip(bytes) || bytes.byteLength < 18) return undefined;
    const claimed = trailerSize(bytes);
    if (claimed > maxBytes) return undefined;
    // One byte more than claimed, so that a file longer than its trailer says shows it.
    const out = room(claimed + 1);
    const inflated = this.inflater.inflate(bytes, out);
    return inflated?.ended && inflated.written === claimed ? out.subarray(0, claimed) : undefined;
  }

  /** `bytes` bytes of the scratch buffer, grown to them when within SCRATCH_MAX_BYTES, else a buffer of their own. */
  private room(bytes: number): Uint8Array<ArrayBuffer> {
    if (bytes > SCRATCH_MAX_BYTES) return new Uint8Array(bytes);
    if (this.scratch.byteLength < bytes) this.scratch = new Uint8Array(bytes);
    return this.scratch.subarray(0, bytes);
  }
}
