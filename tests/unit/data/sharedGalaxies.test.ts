import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Graph } from '../../../src/data/graph';
import { describe, expect, it } from 'vitest';
import { decodeGalaxy } from '../../../src/data/wire/decodeGalaxy';
import { haveSharedGalaxies, sharedGalaxiesDir, sharedGalaxiesMissingReason } from '../../support/sharedGalaxies';

/** Node and edge counts from ../shared/galaxies/README.md. */
const EXPECTED = [
  { name: 'npm', version: '2015-09-21T01-00-00Z', nodes: 195_689, edges: 473_907 },
  { name: 'debian', version: '2015-07-27T21-40-00Z', nodes: 48_746, edges: 216_281 },
  { name: 'crates', version: '2020-02-19T00-00-00Z', nodes: 36_101, edges: 150_477 },
  { name: 'cran', version: '2015-12-25T16-30-00Z', nodes: 7_774, edges: 13_656 },
  { name: 'brew', version: '2020-08-26', nodes: 5_063, edges: 22_884 },
  { name: 'elm', version: '2020-02-21T00-00-00Z', nodes: 3_454, edges: 12_214 },
];

function read(file: string): ArrayBuffer {
  const bytes = readFileSync(file);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe.skipIf(!haveSharedGalaxies)(`real published galaxies (skipped when ${sharedGalaxiesMissingReason})`, () => {
  for (const expected of EXPECTED) {
    it(`decodes ${expected.name}: ${expected.nodes} nodes, ${expected.edges} edges`, () => {
      const dir = path.join(sharedGalaxiesDir, expected.name);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { last: string };
      expect(manifest.last).toBe(expected.version);
      const versionDir = path.join(dir, manifest.last);
      const data = decodeGalaxy({
        name: expected.name,
        version: manifest.last,
        positions: read(path.join(versionDir, 'positions.bin')),
        links: read(path.join(versionDir, 'links.bin')),
        labels: readFileSync(path.join(versionDir, 'labels.json'), 'utf8'),
      });
      expect(data.nodeCount).toBe(expected.nodes);
      expect(data.edgeCount).toBe(expected.edges);
      expect(data.labelEnds).toHaveLength(expected.nodes);
      expect(new Graph(data).labels).toHaveLength(expected.nodes);
      expect(data.outOffsets[expected.nodes]).toBe(expected.edges);
      expect(data.inOffsets[expected.nodes]).toBe(expected.edges);
    });
  }
});
