import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ScratchUnpacker } from '../../../src/tiles/format/scratchUnpacker';

describe('ScratchUnpacker at rest', () => {
  it('lets its scratch buffer go once no file was unpacked for its time, and unpacks the next file the same', async () => {
    const plain = Uint8Array.from({ length: 50_000 }, (_, i) => (i * 7) % 251);
    const packed = new Uint8Array(gzipSync(plain));
    const unpacker = new ScratchUnpacker(20);
    expect([...unpacker.unpack(packed, 'tile 1', plain.byteLength)]).toEqual([...plain]);
    expect(unpacker.scratchBytes).toBeGreaterThanOrEqual(plain.byteLength);
    expect([...(unpacker.unpackSized(packed, 1 << 20) ?? [])]).toEqual([...plain]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unpacker.scratchBytes).toBe(0);
    expect([...unpacker.unpack(packed, 'tile 1', plain.byteLength)]).toEqual([...plain]);
  });
});
