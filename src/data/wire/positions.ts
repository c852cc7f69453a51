/** positions.bin: int32 little-endian x, y, z per node. */
export interface DecodedPositions {
  positions: Float32Array;
  nodeCount: number;
  warnings: string[];
}

const BYTES_PER_NODE = 12;

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
  for (let i = 0; i < source.length; i++) positions[i] = source[i] * scale;
  return { positions, nodeCount, warnings };
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
