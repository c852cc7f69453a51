import type { TileHierarchy } from '../tileHierarchy';
import { littleEndianHost } from '../../data/wire/positions';
import { NO_COMMUNITY } from '../../constellations/constellations';
import { align4, TILE_HEADER_BYTES, TILE_MAGIC, tileBytes } from './layout';
import { dequantise, quantisationStep, quantise } from './quantise';
import { describeTileRegion } from './region';
import { TileDataError } from './tileError';

/**
 * One tile's stars as drawing, hover and the tooltip need them. Star k of the tile is star firstStar + k.
 * All arrays are views over one ArrayBuffer (`decodedTileBuffer`), so that a tile crosses threads
 * as one transfer and its buffer can be handed back to decode another tile into.
 */
export interface DecodedTile {
  tile: number;
  firstStar: number;
  count: number;
  /** The star's id in the classic files (positions.bin, links.bin, labels.json). */
  classicIds: Uint32Array;
  /** x, y, z per star in galaxy coordinates (before the scale s), within the quantisation error. */
  positions: Float32Array;
  inDegree: Uint32Array;
  outDegree: Uint32Array;
  /**
   * Each star's finest community (its tile's communities file), NO_COMMUNITY where the galaxy has
   * none or the file could not be read. Decoded tiles always have it; tiles made by hand may leave it out.
   */
  communities?: Uint32Array;
}

export interface TileStars {
  classicIds: ArrayLike<number>;
  /** Whole-number x, y, z per star. */
  positions: ArrayLike<number>;
  inDegree: ArrayLike<number>;
  outDegree: ArrayLike<number>;
}

function boxOf(hierarchy: TileHierarchy, tile: number) {
  const at = tile * 6;
  const min = [hierarchy.boxes[at], hierarchy.boxes[at + 1], hierarchy.boxes[at + 2]];
  return { min, step: quantisationStep(hierarchy.boxes[at + 3] - hierarchy.boxes[at]) };
}

/**
 * A tile file before compression: header (magic "GXT1", tile, firstStar, count), then classic ids
 * u32, x u16, y u16, z u16 quantised in the tile's box (padded to 4 bytes), in-degree u32, out-degree u32.
 */
export function encodeTile(hierarchy: TileHierarchy, tile: number, firstStar: number, stars: TileStars): Uint8Array {
  const count = stars.classicIds.length;
  const bytes = new Uint8Array(tileBytes(count));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, TILE_MAGIC, true);
  view.setUint32(4, tile, true);
  view.setUint32(8, firstStar, true);
  view.setUint32(12, count, true);
  let at = TILE_HEADER_BYTES;
  for (let i = 0; i < count; i++, at += 4) view.setUint32(at, stars.classicIds[i], true);
  const { min, step } = boxOf(hierarchy, tile);
  for (let axis = 0; axis < 3; axis++) {
    for (let i = 0; i < count; i++, at += 2) view.setUint16(at, quantise(stars.positions[i * 3 + axis], min[axis], step), true);
  }
  at = TILE_HEADER_BYTES + count * 4 + align4(count * 6);
  for (let i = 0; i < count; i++, at += 4) view.setUint32(at, stars.inDegree[i], true);
  for (let i = 0; i < count; i++, at += 4) view.setUint32(at, stars.outDegree[i], true);
  return bytes;
}

/** Bytes of the one buffer a decoded tile of `count` stars views: positions f32 x 3, then ids, in- and out-degrees, communities u32. */
export function decodedTileBytes(count: number): number {
  return count * 28;
}

/** The buffer every array of a decoded tile views. */
export function decodedTileBuffer(tile: DecodedTile): ArrayBuffer {
  return tile.positions.buffer as ArrayBuffer;
}

/**
 * Decodes an uncompressed tile file into views over `into` (at least decodedTileBytes(count) bytes; a
 * new buffer when not given), never over `bytes`, which the caller may reuse at once. A file that does
 * not match the hierarchy throws TileDataError naming the region.
 */
export function decodeTile(bytes: Uint8Array, hierarchy: TileHierarchy, tile: number, firstStar: number, into?: ArrayBuffer): DecodedTile {
  const fail = (problem: string): never => {
    throw new TileDataError(`${describeTileRegion(hierarchy, tile)}: ${problem}`, tile);
  };
  const count = hierarchy.starCount[tile];
  if (bytes.byteLength < TILE_HEADER_BYTES) fail(`the file is ${bytes.byteLength} bytes, shorter than a tile header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== TILE_MAGIC) fail('the file does not start with "GXT1": not a tile');
  if (view.getUint32(4, true) !== tile) fail(`the file holds tile #${view.getUint32(4, true)}, not #${tile}`);
  if (view.getUint32(8, true) !== firstStar || view.getUint32(12, true) !== count) {
    fail(`the file holds stars ${view.getUint32(8, true)} + ${view.getUint32(12, true)}, the hierarchy says ${firstStar} + ${count}`);
  }
  if (bytes.byteLength !== tileBytes(count)) fail(`the file is ${bytes.byteLength} bytes, expected ${tileBytes(count)} (truncated?)`);

  const buffer = into ?? new ArrayBuffer(decodedTileBytes(count));
  if (buffer.byteLength < decodedTileBytes(count)) throw new RangeError(`a tile of ${count} stars needs ${decodedTileBytes(count)} bytes, not ${buffer.byteLength}`);
  const positions = new Float32Array(buffer, 0, count * 3);
  const classicIds = new Uint32Array(buffer, count * 12, count);
  const inDegree = new Uint32Array(buffer, count * 16, count);
  const outDegree = new Uint32Array(buffer, count * 20, count);
  // Filled from the tile's communities file, where the galaxy has one (TiledGalaxyReader.tile).
  const communities = new Uint32Array(buffer, count * 24, count).fill(NO_COMMUNITY);
  const degreesAt = TILE_HEADER_BYTES + count * 4 + align4(count * 6);
  copyUint32s(bytes, view, TILE_HEADER_BYTES, classicIds);
  copyUint32s(bytes, view, degreesAt, inDegree);
  copyUint32s(bytes, view, degreesAt + count * 4, outDegree);
  const { min, step } = boxOf(hierarchy, tile);
  let at = TILE_HEADER_BYTES + count * 4;
  for (let axis = 0; axis < 3; axis++) {
    for (let i = 0; i < count; i++, at += 2) positions[i * 3 + axis] = dequantise(view.getUint16(at, true), min[axis], step);
  }
  return { tile, firstStar, count, classicIds, positions, inDegree, outDegree, communities };
}

/** `count` u32 values at `offset`, copied out of the file (a plain copy on little-endian hosts). */
export function readUint32s(bytes: Uint8Array, view: DataView, offset: number, count: number): Uint32Array {
  return copyUint32s(bytes, view, offset, new Uint32Array(count));
}

/** The u32 values at `offset` of the file as a view of its bytes where the host and the offset allow (else a copy): valid while those bytes are. */
export function viewUint32s(bytes: Uint8Array, view: DataView, offset: number, count: number): Uint32Array {
  const at = bytes.byteOffset + offset;
  return littleEndianHost && at % 4 === 0 ? new Uint32Array(bytes.buffer, at, count) : readUint32s(bytes, view, offset, count);
}

/** Fills `values` with the u32 values at `offset` of the file. */
function copyUint32s(bytes: Uint8Array, view: DataView, offset: number, values: Uint32Array): Uint32Array {
  if (littleEndianHost) new Uint8Array(values.buffer, values.byteOffset, values.byteLength).set(bytes.subarray(offset, offset + values.byteLength));
  else for (let i = 0; i < values.length; i++) values[i] = view.getUint32(offset + i * 4, true);
  return values;
}
