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

/**
 * Unpacks the files of a tiled galaxy. The tile worker's (ScratchUnpacker, scratchUnpacker.ts)
 * unpacks synchronously into buffers it reuses; this one, the page's default, leaves it to the
 * browser's DecompressionStream, so that the page's entry, which reads the root tile alone, ships no
 * inflater of its own.
 */
export interface FileUnpacker {
  /** A tile's bytes, unpacked when gzip; a file that unpacks to more than `expectedBytes` comes out longer, for the caller's length check. */
  unpack(bytes: Uint8Array, name: string, expectedBytes: number): Uint8Array | Promise<Uint8Array>;
  /** A shard unpacked at once (into `room` when given) when it can be, else undefined: the caller then uses `unpackFile`. */
  unpackSized(bytes: Uint8Array, maxBytes: number, room?: (bytes: number) => Uint8Array<ArrayBuffer>): Uint8Array | undefined;
}

/** The page's FileUnpacker: DecompressionStream for every file, no code of its own. */
export const streamUnpacker: FileUnpacker = {
  unpack: (bytes, name, expectedBytes) => unpackFile(bytes, name, expectedBytes + 4),
  unpackSized: () => undefined,
};
