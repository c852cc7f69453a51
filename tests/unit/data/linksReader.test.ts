import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeLinks } from '../../../src/data/wire/links';
import { LinksReader } from '../../../src/data/wire/linksReader';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';
import { linksBin, rawInt32, withExtraBytes } from '../../support/wireFixtures';

/** Reads `buffer` delivered in pieces of `chunkBytes`, as a download would. */
function readInChunks(buffer: ArrayBuffer, nodeCount: number, chunkBytes: number, onProgress?: (done: number, total: number) => void) {
  const reader = new LinksReader();
  const bytes = new Uint8Array(buffer);
  for (let start = 0; start < bytes.length; start += chunkBytes) reader.push(bytes.slice(start, start + chunkBytes));
  return reader.finish(nodeCount, onProgress);
}

describe('links.bin read as it downloads', () => {
  it('builds the same adjacency as decoding the whole file, for chunks cut anywhere', () => {
    const buffer = linksBin([[1, 2], [2, 0], [], [0, 1, 2]]);
    const whole = decodeLinks(buffer, 4);
    for (let chunkBytes = 1; chunkBytes <= buffer.byteLength; chunkBytes++) {
      expect(readInChunks(buffer, 4, chunkBytes)).toEqual(whole);
    }
  });

  it('repairs and reports what the format does not allow exactly as decodeLinks does', () => {
    const damaged = [
      rawInt32([-1, 2, 0, 3, -2, 0]),
      rawInt32([-1, 2, 99, -2, 1]),
      rawInt32([2, -9, 1, -1, 2]),
      withExtraBytes(linksBin([[1]]), 3),
      rawInt32([-1, 2 ** 31 - 1, -(2 ** 31), 1]),
    ];
    for (const buffer of damaged) {
      const expected = decodeLinks(buffer, 3);
      expect(expected.warnings.length).toBeGreaterThan(0);
      for (const chunkBytes of [1, 3, 4, 64]) expect(readInChunks(buffer, 3, chunkBytes)).toEqual(expected);
    }
  });

  it('keeps lists of nodes that appear before positions.bin says how many there are', () => {
    const buffer = linksBin(Array.from({ length: 70_000 }, (_, node) => (node % 2 ? [node - 1] : [])));
    expect(readInChunks(buffer, 70_000, 4096)).toEqual(decodeLinks(buffer, 70_000));
  });

  it('reports initializing edges up to 100 %', () => {
    const calls: Array<[number, number]> = [];
    readInChunks(linksBin(Array.from({ length: 30_000 }, () => [0])), 30_000, 65_536, (done, total) => calls.push([done, total]));
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.at(-1)).toEqual([60_000, 60_000]);
  });
});

describe.skipIf(!haveSharedGalaxies)(`links of real galaxies (skipped when ${sharedGalaxiesMissingReason})`, () => {
  for (const name of ['npm', 'debian', 'crates', 'cran', 'brew', 'elm']) {
    it(`reads ${name}'s links.bin in 64 KiB chunks exactly as decodeLinks does`, () => {
      const dir = path.join(sharedGalaxiesDir, name);
      const version = (JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { last: string }).last;
      const file = (entry: string) => new Uint8Array(readFileSync(path.join(dir, version, entry))).buffer;
      const nodeCount = file('positions.bin').byteLength / 12;
      const links = file('links.bin');
      const read = readInChunks(links, nodeCount, 65_536);
      const decoded = decodeLinks(links, nodeCount);
      // Byte comparison: toEqual over millions of typed-array elements takes seconds.
      for (const key of ['outOffsets', 'outTargets', 'inOffsets', 'inTargets'] as const) {
        expect(Buffer.from(read[key].buffer).equals(Buffer.from(decoded[key].buffer)), key).toBe(true);
      }
      expect([read.edgeCount, read.warnings]).toEqual([decoded.edgeCount, decoded.warnings]);
    });
  }
});
