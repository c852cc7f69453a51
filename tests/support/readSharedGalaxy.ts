import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeLinks } from '../../src/data/wire/links';
import { decodePositions } from '../../src/data/wire/positions';
import { sharedGalaxiesDir } from './sharedGalaxies';

/** A published galaxy's graph (and its published positions) from ../shared/galaxies, links as source and target arrays. */
export function readSharedGalaxy(name: string) {
  const dir = path.join(sharedGalaxiesDir, name);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { last: string };
  const file = (f: string): ArrayBuffer => {
    const bytes = readFileSync(path.join(dir, manifest.last, f));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
  const positions = decodePositions(file('positions.bin'));
  const links = decodeLinks(file('links.bin'), positions.nodeCount);
  const sources = new Uint32Array(links.edgeCount);
  const targets = new Uint32Array(links.edgeCount);
  let k = 0;
  for (let node = 0; node < positions.nodeCount; node++) {
    for (let e = links.outOffsets[node]; e < links.outOffsets[node + 1]; e++, k++) {
      sources[k] = node;
      targets[k] = links.outTargets[e];
    }
  }
  return { nodeCount: positions.nodeCount, positions: positions.positions, sources, targets, version: manifest.last };
}
