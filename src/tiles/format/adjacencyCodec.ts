import { ADJACENCY_HEADER_BYTES, ADJACENCY_MAGIC } from './layout';
import { readUint32s, viewUint32s } from './tileCodec';
import { TileDataError } from './tileError';

/** Out- and in-links of the stars firstStar .. firstStar + count - 1, as CSR over tiled star numbers. */
export interface AdjacencyShard {
  shard: number;
  firstStar: number;
  count: number;
  /** count + 1 entries; star firstStar + k links to outTargets[outOffsets[k] .. outOffsets[k + 1]). */
  outOffsets: Uint32Array;
  outTargets: Uint32Array;
  inOffsets: Uint32Array;
  inTargets: Uint32Array;
}

export function adjacencyBytes(count: number, outLinks: number, inLinks: number): number {
  return ADJACENCY_HEADER_BYTES + (count + 1) * 8 + (outLinks + inLinks) * 4;
}

/**
 * An adjacency shard before compression: header (magic "GXA1", shard, firstStar, count, outLinks,
 * inLinks), then outOffsets u32 (count + 1), inOffsets u32 (count + 1), outTargets u32, inTargets u32.
 */
export function encodeAdjacency(shard: AdjacencyShard): Uint8Array {
  const { count } = shard;
  const bytes = new Uint8Array(adjacencyBytes(count, shard.outTargets.length, shard.inTargets.length));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, ADJACENCY_MAGIC, true);
  view.setUint32(4, shard.shard, true);
  view.setUint32(8, shard.firstStar, true);
  view.setUint32(12, count, true);
  view.setUint32(16, shard.outTargets.length, true);
  view.setUint32(20, shard.inTargets.length, true);
  let at = ADJACENCY_HEADER_BYTES;
  for (const column of [shard.outOffsets, shard.inOffsets, shard.outTargets, shard.inTargets]) {
    for (let i = 0; i < column.length; i++, at += 4) view.setUint32(at, column[i], true);
  }
  return bytes;
}

/**
 * Decodes an uncompressed adjacency shard; checks it against the shard's expected first star and
 * count. `columns` 'view' gives arrays that view `bytes` (valid while they are) instead of copies.
 */
export function decodeAdjacency(bytes: Uint8Array, shard: number, firstStar: number, count: number, totalStars: number, columns: 'copy' | 'view' = 'copy'): AdjacencyShard {
  const name = `adjacency shard ${shard} (stars ${firstStar}..${firstStar + count - 1})`;
  const fail = (problem: string): never => {
    throw new TileDataError(`${name}: ${problem}`);
  };
  if (bytes.byteLength < ADJACENCY_HEADER_BYTES) fail(`the file is ${bytes.byteLength} bytes, shorter than its header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== ADJACENCY_MAGIC) fail('the file does not start with "GXA1": not an adjacency shard');
  if (view.getUint32(4, true) !== shard || view.getUint32(8, true) !== firstStar || view.getUint32(12, true) !== count) {
    fail('the header names another shard');
  }
  const outLinks = view.getUint32(16, true);
  const inLinks = view.getUint32(20, true);
  const expected = adjacencyBytes(count, outLinks, inLinks);
  if (bytes.byteLength !== expected) fail(`the file is ${bytes.byteLength} bytes, expected ${expected} (truncated?)`);
  let at = ADJACENCY_HEADER_BYTES;
  const column = (length: number) => {
    const values = (columns === 'view' ? viewUint32s : readUint32s)(bytes, view, at, length);
    at += length * 4;
    return values;
  };
  const outOffsets = column(count + 1);
  const inOffsets = column(count + 1);
  const outTargets = column(outLinks);
  const inTargets = column(inLinks);
  if (outOffsets[count] !== outLinks || inOffsets[count] !== inLinks) fail('its offsets do not end at its link counts');
  for (let k = 0; k < count; k++) {
    if (outOffsets[k + 1] < outOffsets[k] || inOffsets[k + 1] < inOffsets[k]) fail('its offsets go backwards');
  }
  for (const targets of [outTargets, inTargets]) {
    for (let i = 0; i < targets.length; i++) if (targets[i] >= totalStars) fail(`it links to star ${targets[i]}, beyond the ${totalStars} stars`);
  }
  return { shard, firstStar, count, outOffsets, outTargets, inOffsets, inTargets };
}
