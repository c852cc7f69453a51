import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runUnpackAllocations } from '../../support/unpack/runUnpackAllocations';

/**
 * Adjacency-shard-like files of 400 KB: rising link offsets, then star numbers below 10M, as
 * little-endian 32-bit words. Deflate writes them as dynamic-Huffman blocks with long codes, whose
 * tables are the largest an inflater builds.
 */
function shardFiles(folder: string, count: number): string[] {
  let seed = 7;
  const uniform = () => ((seed = (seed * 1103515245 + 12345) >>> 0) + 1) / 2 ** 32;
  return Array.from({ length: count }, (_, file) => {
    const words = new Uint32Array(100_000);
    let offset = 0;
    for (let i = 0; i < words.length / 2; i++) words[i] = offset += Math.floor(uniform() * 6);
    for (let i = words.length / 2; i < words.length; i++) words[i] = Math.floor(uniform() * 10_000_000);
    const name = path.join(folder, `${file}.bin.gz`);
    writeFileSync(name, gzipSync(new Uint8Array(words.buffer)));
    return name;
  });
}

describe('unpacking a tiled galaxy\'s files', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'galaxy-unpack-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('leaves a few kilobytes of garbage per file, not Huffman tables for every deflate block', () => {
    const files = shardFiles(folder, 12);
    const ours = runUnpackAllocations('scratch', files);
    const fflate = runUnpackAllocations('fflate', files);
    expect(ours.unpackedBytes).toBe(fflate.unpackedBytes);
    // fflate, which the viewer used before, allocates tables per block: the measure sees them.
    expect(fflate.allocatedBytesPerFile ?? 0).toBeGreaterThan(50_000);
    expect(ours.allocatedBytesPerFile ?? Infinity).toBeLessThan(16_384);
  }, 60_000);
});
