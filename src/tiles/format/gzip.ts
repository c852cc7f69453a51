import { gunzipSync } from 'fflate';
import { TileDataError } from './tileError';

/** True when `bytes` start with gzip's magic number. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Gzip bytes handed to the unpacker at a time: deflate packs at most 1032 to 1, so one piece unpacks to 17 MB at most. */
const PIECE_BYTES = 16 * 1024;

/** The error for a file that unpacks (or is) beyond what it may hold: damaged, or a gzip bomb. */
function tooLargeError(name: string, maxBytes: number): TileDataError {
  return new TileDataError(`${name} unpacks to more than ${maxBytes.toLocaleString('en-US')} bytes, more than such a file may hold (damaged, or a gzip bomb)`);
}

function piecesOf(bytes: Uint8Array): ReadableStream<Uint8Array<ArrayBuffer>> {
  let at = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      pull(controller) {
        if (at >= bytes.byteLength) controller.close();
        else controller.enqueue(bytes.subarray(at, at + PIECE_BYTES) as Uint8Array<ArrayBuffer>);
        at += PIECE_BYTES;
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The bytes of a tiled galaxy's file, unpacked when they are gzip, never more than `maxBytes`
 * (unpackLimits.ts): the gzip is fed to DecompressionStream a piece at a time and reading stops once
 * the output passes the cap, so a gzip bomb costs a few megabytes, not gigabytes. A host that
 * already sent the file with Content-Encoding: gzip hands over unpacked bytes, which pass through
 * unchanged when within the cap. DecompressionStream exists in browsers, workers and Node 18+.
 */
export async function unpackFile(bytes: Uint8Array, name: string, maxBytes: number): Promise<Uint8Array> {
  if (!isGzip(bytes)) {
    if (bytes.byteLength > maxBytes) throw tooLargeError(name, maxBytes);
    return bytes;
  }
  const reader = piecesOf(bytes)
    .pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>)
    .getReader();
  const parts: Uint8Array[] = [];
  let length = 0; // of the output so far
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      throw new TileDataError(`${name} is not valid gzip (truncated?)`);
    }
    if (read.done) break;
    length += read.value.byteLength;
    if (length > maxBytes) {
      reader.cancel().catch(() => {});
      throw tooLargeError(name, maxBytes);
    }
    parts.push(read.value);
  }
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength) return only;
  return new Uint8Array(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

/** Beyond this a scratch buffer is not kept: a larger file (none is, unless damaged) unpacks into a buffer of its own. */
const SCRATCH_MAX_BYTES = 8 << 20;

/** What a gzip's trailer says its bytes unpack to (modulo 2^32, as gzip writes it). */
function trailerSize(bytes: Uint8Array): number {
  const end = bytes.byteLength;
  return (bytes[end - 4] | (bytes[end - 3] << 8) | (bytes[end - 2] << 16) | (bytes[end - 1] << 24)) >>> 0;
}

/**
 * Unpacks one file after another into one buffer that grows to the largest, so that a worker unpacking
 * thousands of tiles and shards leaves no garbage of them: the bytes returned view that buffer and are
 * valid until the next call, so a caller reads or copies them before it awaits anything.
 */
export class ScratchUnpacker {
  private scratch = new Uint8Array(0);

  /**
   * `expectedBytes` sizes the buffer (a damaged gzip trailer may claim gigabytes), which caps what a
   * tile may unpack to: a file that unpacks to more comes out longer than expected, which the
   * caller's length check reports.
   */
  unpack(bytes: Uint8Array, name: string, expectedBytes: number): Uint8Array {
    if (!isGzip(bytes)) return bytes;
    const room = expectedBytes + 4;
    try {
      return gunzipSync(bytes, { out: this.room(room) });
    } catch {
      throw new TileDataError(`${name} is not valid gzip (truncated?)`);
    }
  }

  /**
   * A file whose size only its gzip trailer says (a name or adjacency shard), unpacked into the
   * buffer when the trailer is within `maxBytes` and the file unpacks to exactly what it says;
   * undefined for anything else (a damaged file, a gzip bomb, bytes sent unpacked), which the caller
   * hands to `unpackFile`, whose messages say what is wrong. Synchronous, so that the caller reads the
   * bytes before another request's unpacking overwrites them.
   */
  unpackSized(bytes: Uint8Array, maxBytes: number): Uint8Array | undefined {
    if (!isGzip(bytes) || bytes.byteLength < 18) return undefined;
    const claimed = trailerSize(bytes);
    if (claimed > maxBytes) return undefined;
    try {
      // One byte more than claimed, so that a file longer than its trailer says shows it.
      const unpacked = gunzipSync(bytes, { out: this.room(claimed + 1) });
      return unpacked.byteLength === claimed ? unpacked : undefined;
    } catch {
      return undefined;
    }
  }

  /** `bytes` bytes of the scratch buffer, grown to them when within SCRATCH_MAX_BYTES, else a buffer of their own. */
  private room(bytes: number): Uint8Array {
    if (bytes > SCRATCH_MAX_BYTES) return new Uint8Array(bytes);
    if (this.scratch.byteLength < bytes) this.scratch = new Uint8Array(bytes);
    return this.scratch.subarray(0, bytes);
  }
}
