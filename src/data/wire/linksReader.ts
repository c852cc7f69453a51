import { decodeLinks, fillAdjacency, type DecodedLinks } from './links';
import { littleEndianHost } from './positions';

/** Node ids past this are left to decodeLinks, which checks them against the node count. */
const MAX_COUNTED_NODE = 1 << 25;

/** Per-node counts that grow with the largest node id seen, before the node count is known. */
class GrowingCounts {
  counts = new Uint32Array(1 << 16);

  /** Makes room for `id`; false when it is beyond any plausible node count. */
  grow(id: number): boolean {
    if (id >= MAX_COUNTED_NODE) return false;
    let size = this.counts.length;
    while (size <= id) size *= 2;
    const grown = new Uint32Array(size);
    grown.set(this.counts);
    this.counts = grown;
    return true;
  }

  /** The counts of nodes 0..nodeCount-1. */
  take(nodeCount: number): Uint32Array {
    if (this.counts.length >= nodeCount) return this.counts.slice(0, nodeCount);
    const counts = new Uint32Array(nodeCount);
    counts.set(this.counts);
    return counts;
  }
}

/**
 * Reads links.bin as its bytes arrive: the degree-counting pass of decoding runs on each chunk while
 * the rest downloads, so only the pass that fills the adjacency arrays is left once positions.bin
 * gives the node count. A file with anything the format does not allow (zeros, trailing bytes, links
 * before a list, nodes beyond the count) is decoded again by decodeLinks at the end, which repairs
 * and reports it.
 */
export class LinksReader {
  private length = 0;
  private counted = 0;
  private readonly outDegree = new GrowingCounts();
  private readonly inDegree = new GrowingCounts();
  private source = -1;
  private largestNode = -1;
  private edgeCount = 0;
  private irregular = !littleEndianHost;

  private bytes = new Uint8Array(1 << 20);

  push(chunk: Uint8Array): void {
    if (this.length + chunk.byteLength > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + chunk.byteLength));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(chunk, this.length);
    this.length += chunk.byteLength;
    if (!this.irregular) this.count(Math.floor(this.length / 4));
  }

  finish(nodeCount: number, onProgress?: (done: number, total: number) => void): DecodedLinks {
    const buffer = this.bytes.buffer.slice(0, this.length);
    if (this.irregular || this.length % 4 !== 0 || this.largestNode >= nodeCount) {
      return decodeLinks(buffer, nodeCount, onProgress);
    }
    const values = new Int32Array(buffer);
    const total = values.length;
    const outDegree = this.outDegree.take(nodeCount);
    const inDegree = this.inDegree.take(nodeCount);
    const csr = fillAdjacency(values, nodeCount, outDegree, inDegree, this.edgeCount, (done) => onProgress?.(done, total));
    onProgress?.(total, total);
    return { ...csr, edgeCount: this.edgeCount, warnings: [] };
  }

  /** Counts degrees over the values stored but not yet counted, up to `end`. */
  private count(end: number): void {
    const values = new Int32Array(this.bytes.buffer, 0, end);
    let outCounts = this.outDegree.counts;
    let inCounts = this.inDegree.counts;
    let source = this.source;
    let largest = this.largestNode;
    let edges = 0;
    for (let i = this.counted; i < end; i++) {
      const value = values[i];
      if (value < 0) {
        source = -value - 1;
        if (source >= outCounts.length) {
          if (!this.outDegree.grow(source)) return this.giveUp();
          outCounts = this.outDegree.counts;
        }
        if (source > largest) largest = source;
      } else if (value === 0 || source < 0) {
        return this.giveUp();
      } else {
        const target = value - 1;
        if (target >= inCounts.length) {
          if (!this.inDegree.grow(target)) return this.giveUp();
          inCounts = this.inDegree.counts;
        }
        if (target > largest) largest = target;
        outCounts[source]++;
        inCounts[target]++;
        edges++;
      }
    }
    this.counted = end;
    this.source = source;
    this.largestNode = largest;
    this.edgeCount += edges;
  }

  private giveUp(): void {
    this.irregular = true;
  }
}
