import { gunzipSync } from 'fflate';
import { TileDataError } from './tileError';

/** True when `bytes` start with gzip's magic number. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * The bytes of a tiled galaxy's file, unpacked when they are gzip. A host that already sent the
 * file with Content-Encoding: gzip hands over unpacked bytes, which pass through unchanged.
 * DecompressionStream exists in browsers, workers and Node 18+.
 */
export async function unpackFile(bytes: Uint8Array, name: string): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  try {
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    throw new TileDataError(`${name} is not valid gzip (truncated?)`);
  }
}

/**
 * Unpacks one file after another into one buffer that grows to the largest, so that a worker unpacking
 * thousands of tiles leaves no garbage of them: the bytes returned view that buffer and are valid until
 * the next call. `expectedBytes` sizes the buffer (a damaged gzip trailer may claim gigabytes); a file
 * that unpacks to more comes out longer than expected, which the caller's length check reports.
 */
export class ScratchUnpacker {
  private scratch = new Uint8Array(0);

  unpack(bytes: Uint8Array, name: string, expectedBytes: number): Uint8Array {
    if (!isGzip(bytes)) return bytes;
    const room = expectedBytes + 4;
    if (this.scratch.byteLength < room) this.scratch = new Uint8Array(room);
    try {
      return gunzipSync(bytes, { out: this.scratch.subarray(0, room) });
    } catch {
      throw new TileDataError(`${name} is not valid gzip (truncated?)`);
    }
  }
}
