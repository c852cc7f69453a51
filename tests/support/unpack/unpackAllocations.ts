/**
 * Run as `node --import tsx [--import ./countTypedArrays.ts] unpackAllocations.ts <unpacker> <file>...`:
 * unpacks each gzip file once to warm up, then again, and prints how fast the second round went and,
 * where the typed arrays are counted, what it allocated in them per file, as JSON. <unpacker> is `scratch` (the viewer's
 * ScratchUnpacker) or `fflate` (fflate's gunzipSync into the same kind of reused buffer, as before).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'fflate';
import { ScratchUnpacker, trailerSize } from '../../../src/tiles/format/scratchUnpacker';

export interface UnpackAllocations {
  files: number;
  unpackedBytes: number;
  /** Typed-array bytes allocated per file, the second time round (buffers already grown); null when not counted. */
  allocatedBytesPerFile: number | null;
  /** The second round's time (slower when counted: each typed array goes through a subclass). */
  ms: number;
}

const counted = globalThis as typeof globalThis & { typedArrayBytes?: number };
const [unpackerName, ...files] = process.argv.slice(2);

const scratch = new ScratchUnpacker();
let fflateOut = new Uint8Array(0);
function unpack(bytes: Uint8Array): number {
  if (unpackerName === 'fflate') {
    const size = trailerSize(bytes) + 1;
    if (fflateOut.byteLength < size) fflateOut = new Uint8Array(size);
    return gunzipSync(bytes, { out: fflateOut.subarray(0, size) }).byteLength;
  }
  const unpacked = scratch.unpackSized(bytes, 1 << 30);
  if (!unpacked) throw new Error('a file did not unpack');
  return unpacked.byteLength;
}

const packed = files.map((file) => new Uint8Array(readFileSync(file)));
for (const bytes of packed) unpack(bytes);
const before = counted.typedArrayBytes;
const started = performance.now();
let unpackedBytes = 0;
for (const bytes of packed) unpackedBytes += unpack(bytes);
const ms = performance.now() - started;
const result: UnpackAllocations = { files: packed.length, unpackedBytes, allocatedBytesPerFile: counted.typedArrayBytes === undefined || before === undefined ? null : Math.round((counted.typedArrayBytes - before) / packed.length), ms: Math.round(ms) };
process.stdout.write(`${JSON.stringify(result)}\n`);
