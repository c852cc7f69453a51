/** positions.bin: int32 little-endian x, y, z per node. */
export interface DecodedPositions {
  positions: Float32Array;
  nodeCount: number;
  warnings: string[];
}

const BYTES_PER_NODE = 12;
/**
 * Coordinates beyond ±2^24 are absurd: float32 no longer holds every integer there, and published
 * galaxies stay within about ±20000. Such stars are kept but reported (and left out of the start view).
 */
export const ABSURD_COORDINATE = 2 ** 24;

/** Decodes positions.bin into one Float32Array already multiplied by `scale`. */
export function decodePositions(buffer: ArrayBuffer, scale = 1): DecodedPositions {
  const warnings: string[] = [];
  const usableBytes = buffer.byteLength - (buffer.byteLength % BYTES_PER_NODE);
  if (usableBytes !== buffer.byteLength) {
    warnings.push(
      `positions.bin is ${buffer.byteLength} bytes, not a multiple of 12 (x, y, z per node): ` +
        `the last ${buffer.byteLength - usableBytes} bytes were ignored`,
    );
  }
  const nodeCount = usableBytes / BYTES_PER_NODE;
  const source = readInt32LE(buffer, nodeCount * 3);
  const positions = new Float32Array(source.length);
  let absurd = 0;
  let lastAbsurdNode = -1;
  for (let i = 0; i < source.length; i++) {
    const value = source[i];
    positions[i] = value * scale;
    if ((value > ABSURD_COORDINATE || value < -ABSURD_COORDINATE) && lastAbsurdNode !== Math.floor(i / 3)) {
      lastAbsurdNode = Math.floor(i / 3);
      absurd++;
    }
  }
  if (absurd > 0) warnings.push(absurdWarning(absurd));
  return { positions, nodeCount, warnings };
}

function absurdWarning(count: number): string {
  const stars = count === 1 ? '1 star has a coordinate' : `${count} stars have coordinates`;
  return `positions.bin: ${stars} beyond ±${ABSURD_COORDINATE} (absurdly far out): the start view leaves them out`;
}

export const littleEndianHost = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The first `count` int32 values of a little-endian buffer, without copying on little-endian hosts. */
export function readInt32LE(buffer: ArrayBuffer, count: number): Int32Array {
  if (littleEndianHost) return new Int32Array(buffer, 0, count);
  const view = new DataView(buffer);
  const values = new Int32Array(count);
  for (let i = 0; i < count; i++) values[i] = view.getInt32(i * 4, true);
  return values;
}
