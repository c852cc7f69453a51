import { GraphBuilder } from './graphBuilder';
import { ImportError, type ImportOptions, type ImportedGraph } from './types';

/** graph-tool's binary format, as in graph-tool's include/graph_io_binary.hh. */
const MAGIC = [0xe2, 0x9b, 0xbe, 0x20, 0x67, 0x74]; // "⛾ gt"
const SCALAR_SIZES = [1, 2, 4, 8, 8, 16]; // uint8, int16, int32, int64, double, long double
const STRING = 6;
const VECTOR_FIRST = 7; // vector<uint8> ... vector<long double> = 7..12
const VECTOR_OF_STRINGS = 13;
const PYTHON_OBJECT = 14; // pickled, stored as a string
const SIZE_T = 15;
const PROPERTY_GRAPH = 0;
const PROPERTY_VERTEX = 1;

class Reader {
  offset = 0;
  private readonly view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly littleEndian: boolean,
    private readonly source?: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  need(count: number): void {
    if (this.offset + count > this.bytes.length) {
      throw new ImportError(`graph-tool file ends early (at byte ${this.offset})`, undefined, this.source);
    }
  }
  u8(): number {
    this.need(1);
    return this.bytes[this.offset++];
  }
  u64(): number {
    this.need(8);
    const value = this.view.getBigUint64(this.offset, this.littleEndian);
    this.offset += 8;
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ImportError('graph-tool file has an impossible size', undefined, this.source);
    return Number(value);
  }
  uint(width: number): number {
    this.need(width);
    const at = this.offset;
    this.offset += width;
    if (width === 1) return this.bytes[at];
    if (width === 2) return this.view.getUint16(at, this.littleEndian);
    if (width === 4) return this.view.getUint32(at, this.littleEndian);
    return Number(this.view.getBigUint64(at, this.littleEndian));
  }
  string(): string {
    const length = this.u64();
    this.need(length);
    const value = new TextDecoder().decode(this.bytes.subarray(this.offset, this.offset + length));
    this.offset += length;
    return value;
  }
  skip(count: number): void {
    this.need(count);
    this.offset += count;
  }
  int(width: number): number {
    this.need(width);
    const at = this.offset;
    this.offset += width;
    if (width === 1) return this.bytes[at];
    if (width === 2) return this.view.getInt16(at, this.littleEndian);
    if (width === 4) return this.view.getInt32(at, this.littleEndian);
    return Number(this.view.getBigInt64(at, this.littleEndian));
  }
}

/** Reads one value of property type `type` as a label if it is a string or an integer, else skips it. */
function readValue(reader: Reader, type: number): string | undefined {
  if (type < STRING) {
    if (type <= 3) return String(reader.int(SCALAR_SIZES[type]));
    reader.skip(SCALAR_SIZES[type]);
    return undefined;
  }
  if (type === STRING || type === PYTHON_OBJECT) return reader.string();
  if (type === SIZE_T) return String(reader.uint(8));
  if (type >= VECTOR_FIRST && type < VECTOR_OF_STRINGS) {
    reader.skip(reader.u64() * SCALAR_SIZES[type - VECTOR_FIRST]);
    return undefined;
  }
  if (type === VECTOR_OF_STRINGS) {
    const count = reader.u64();
    for (let i = 0; i < count; i++) reader.string();
    return undefined;
  }
  throw new ImportError(`graph-tool property of unknown value type ${type}`);
}

export interface GraphToolGraph extends ImportedGraph {
  /** The file's comment and graph-level string properties (e.g. "description"). */
  graphProperties: Record<string, string>;
}

const LABEL_PROPERTIES = ['name', 'label', 'title', 'id', 'asn', 'vertex_name'];

/**
 * graph-tool's `.gt` binary graphs (gunzipped). Labels come from a string or integer vertex
 * property named like a label; otherwise a vertex is named by its index.
 */
export function importGraphTool(bytes: Uint8Array, options: ImportOptions = {}): GraphToolGraph {
  if (bytes.length < 8 || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new ImportError('not a graph-tool file (no "⛾ gt" magic)', undefined, options.source);
  }
  const littleEndian = bytes[7] === 0;
  const reader = new Reader(bytes, littleEndian, options.source);
  reader.offset = 8;
  const graphProperties: Record<string, string> = { comment: reader.string() };
  const directed = reader.u8() !== 0;
  const n = reader.u64();
  const width = n <= 0xff ? 1 : n <= 0xffff ? 2 : n <= 0xffffffff ? 4 : 8;
  const sources: number[] = [];
  const targets: number[] = [];
  for (let v = 0; v < n; v++) {
    const count = reader.u64();
    for (let k = 0; k < count; k++) {
      const u = reader.uint(width);
      if (u >= n) throw new ImportError(`vertex ${v} links to vertex ${u}, beyond ${n} vertices`, undefined, options.source);
      sources.push(v);
      targets.push(u);
    }
  }
  const propertyCount = reader.u64();
  let labels: string[] | undefined;
  for (let p = 0; p < propertyCount; p++) {
    const kind = reader.u8();
    const name = reader.string();
    const type = reader.u8();
    const count = kind === PROPERTY_GRAPH ? 1 : kind === PROPERTY_VERTEX ? n : sources.length;
    const values: (string | undefined)[] = [];
    for (let i = 0; i < count; i++) values.push(readValue(reader, type));
    if (kind === PROPERTY_GRAPH && values[0] !== undefined) graphProperties[name] = values[0];
    if (kind === PROPERTY_VERTEX && !labels && LABEL_PROPERTIES.includes(name.toLowerCase()) && values[0] !== undefined) {
      labels = values.map((value, i) => value ?? String(i));
    }
  }
  const builder = new GraphBuilder();
  for (let v = 0; v < n; v++) builder.node(String(v), labels?.[v] ?? String(v));
  for (let k = 0; k < sources.length; k++) {
    if (directed) builder.edgeById(sources[k], targets[k]);
    else builder.undirectedEdge(String(sources[k]), String(targets[k]));
  }
  return { ...builder.build('graph-tool'), graphProperties };
}
