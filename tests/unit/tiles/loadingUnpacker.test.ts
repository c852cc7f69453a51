import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadingUnpacker } from '../../../src/tiles/format/loadingUnpacker';
import { ScratchUnpacker } from '../../../src/tiles/format/scratchUnpacker';

const plain = new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 31) & 0xff));
const packed = new Uint8Array(gzipSync(plain));

describe('the tile worker\'s unpacker while pako loads', () => {
  it('unpacks with the browser\'s DecompressionStream until the inflater has loaded, then with the inflater', async () => {
    let loaded!: (unpacker: ScratchUnpacker) => void;
    const unpacker = loadingUnpacker(new Promise((resolve) => (loaded = resolve)));
    const early = unpacker.unpack(packed, 'tiles/stars/1.bin.gz', plain.byteLength);
    expect(early).toBeInstanceOf(Promise);
    expect(await early).toEqual(plain);
    // A shard the stream unpacker cannot size at once goes to unpackFile (undefined here).
    expect(unpacker.unpackSized(packed, 1 << 20)).toBeUndefined();

    loaded(new ScratchUnpacker());
    await Promise.resolve();
    const late = unpacker.unpack(packed, 'tiles/stars/1.bin.gz', plain.byteLength);
    expect(late).not.toBeInstanceOf(Promise);
    expect(late).toEqual(plain);
    expect(unpacker.unpackSized(packed, 1 << 20)).toEqual(plain);
  });

  it('keeps unpacking with DecompressionStream when the inflater\'s code cannot be loaded', async () => {
    const unpacker = loadingUnpacker(Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await unpacker.unpack(packed, 'tiles/stars/1.bin.gz', plain.byteLength)).toEqual(plain);
  });
});
