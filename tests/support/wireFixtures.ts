import type { GraphData } from '../../src/data/graph';
import { decodeGalaxy } from '../../src/data/wire/decodeGalaxy';

/** Builds wire-format buffers for tests: positions.bin, links.bin and labels.json. */
export function positionsBin(points: Array<[number, number, number]>): ArrayBuffer {
  const values = new Int32Array(points.flat());
  return values.buffer;
}

/** `adjacency[k]` lists node k's out-links; encoded as -(k+1) then v+1 per target. */
export function linksBin(adjacency: number[][]): ArrayBuffer {
  const values: number[] = [];
  adjacency.forEach((targets, source) => {
    values.push(-(source + 1));
    for (const target of targets) values.push(target + 1);
  });
  return new Int32Array(values).buffer;
}

export function rawInt32(values: number[]): ArrayBuffer {
  return new Int32Array(values).buffer;
}

export function withExtraBytes(buffer: ArrayBuffer, extra: number): ArrayBuffer {
  const bytes = new Uint8Array(buffer.byteLength + extra);
  bytes.set(new Uint8Array(buffer));
  return bytes.buffer;
}

/** Three nodes a, b, c linked a -> b, a -> c, b -> c, at (0, 0, 0), (10, 0, 0), (0, 10, 0) before the scale 2. */
export function triangleGraphData(): GraphData {
  return decodeGalaxy({
    name: 't',
    version: 'v1',
    positions: positionsBin([
      [0, 0, 0],
      [10, 0, 0],
      [0, 10, 0],
    ]),
    links: linksBin([[1, 2], [2], []]),
    labels: JSON.stringify(['a', 'b', 'c']),
    scale: 2,
  });
}
