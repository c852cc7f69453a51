import { readInt32LE } from './positions';

/** Out- and in-adjacency in CSR form: offsets (nodeCount + 1) and targets. */
export interface DecodedLinks {
  outOffsets: Uint32Array;
  outTargets: Uint32Array;
  inOffsets: Uint32Array;
  inTargets: Uint32Array;
  edgeCount: number;
  warnings: string[];
}

/** docs/rules.md#data-and-loading: progress is reported every 10000 items. */
export const LINKS_PROGRESS_STEP = 10_000;

/**
 * Decodes links.bin: a negative value -(k+1) starts node k's out-list, a positive value v links to
 * node v-1. Values the format does not allow (0, nodes beyond `nodeCount`, links before any list
 * starts) are dropped and reported; every trustworthy link is kept.
 */
export function decodeLinks(
  buffer: ArrayBuffer,
  nodeCount: number,
  onProgress?: (done: number, total: number) => void,
): DecodedLinks {
  const warnings: string[] = [];
  const trailingBytes = buffer.byteLength % 4;
  if (trailingBytes !== 0) {
    warnings.push(
      `links.bin is ${buffer.byteLength} bytes, not a multiple of 4: the last ${trailingBytes} bytes were ignored`,
    );
  }
  const values = readInt32LE(buffer, (buffer.byteLength - trailingBytes) / 4);
  const total = values.length;

  const outDegree = new Uint32Array(nodeCount);
  const inDegree = new Uint32Array(nodeCount);
  let zeros = 0;
  let targetsOutOfRange = 0;
  let sourcesOutOfRange = 0;
  let linksWithoutSource = 0;
  let source = -1;
  let sourceValid = false;
  let edgeCount = 0;

  // Pass 1 counts degrees so that the CSR arrays are allocated once, at their final size. Both passes
  // run in blocks between progress reports, keeping the per-link loop free of the report test.
  for (let blockStart = 0; blockStart < total; blockStart += LINKS_PROGRESS_STEP) {
    onProgress?.(blockStart, total * 2);
    const blockEnd = Math.min(total, blockStart + LINKS_PROGRESS_STEP);
    for (let i = blockStart; i < blockEnd; i++) {
      const value = values[i];
      if (value < 0) {
        source = -value - 1;
        sourceValid = source < nodeCount;
        if (!sourceValid) sourcesOutOfRange++;
      } else if (value === 0) {
        zeros++;
      } else if (source < 0) {
        linksWithoutSource++;
      } else if (sourceValid) {
        const target = value - 1;
        if (target >= nodeCount) {
          targetsOutOfRange++;
        } else {
          outDegree[source]++;
          inDegree[target]++;
          edgeCount++;
        }
      }
    }
  }

  const csr = fillAdjacency(values, nodeCount, outDegree, inDegree, edgeCount, (done) => onProgress?.(total + done, total * 2));
  onProgress?.(total * 2, total * 2);

  if (zeros > 0) warnings.push(`links.bin has ${zeros} zero values, which the format does not allow: they were ignored`);
  if (targetsOutOfRange > 0) {
    warnings.push(
      `links.bin has ${targetsOutOfRange} links to nodes beyond the ${nodeCount} nodes of positions.bin: they were ignored`,
    );
  }
  if (sourcesOutOfRange > 0) {
    warnings.push(
      `links.bin starts ${sourcesOutOfRange} lists for nodes beyond the ${nodeCount} nodes of positions.bin: their links were ignored`,
    );
  }
  if (linksWithoutSource > 0) {
    warnings.push(`links.bin has ${linksWithoutSource} links before the first node's list: they were ignored`);
  }
  return { ...csr, edgeCount, warnings };
}

/**
 * Pass 2 of decoding: the CSR arrays from the values and the exact degree counts of pass 1 (which
 * become write cursors here). Links the counts left out (out of range, before any list) are skipped
 * by the same rules. `onProgress` gets the values done so far, every LINKS_PROGRESS_STEP.
 */
export function fillAdjacency(
  values: Int32Array,
  nodeCount: number,
  outDegree: Uint32Array,
  inDegree: Uint32Array,
  edgeCount: number,
  onProgress?: (done: number) => void,
): Pick<DecodedLinks, 'outOffsets' | 'outTargets' | 'inOffsets' | 'inTargets'> {
  const outOffsets = prefixSums(outDegree);
  const inOffsets = prefixSums(inDegree);
  const outTargets = new Uint32Array(edgeCount);
  const inTargets = new Uint32Array(edgeCount);
  outDegree.set(outOffsets.subarray(0, nodeCount));
  inDegree.set(inOffsets.subarray(0, nodeCount));

  const total = values.length;
  let source = -1;
  let sourceValid = false;
  for (let blockStart = 0; blockStart < total; blockStart += LINKS_PROGRESS_STEP) {
    onProgress?.(blockStart);
    const blockEnd = Math.min(total, blockStart + LINKS_PROGRESS_STEP);
    for (let i = blockStart; i < blockEnd; i++) {
      const value = values[i];
      if (value < 0) {
        source = -value - 1;
        sourceValid = source < nodeCount;
      } else if (value > 0 && sourceValid) {
        const target = value - 1;
        if (target < nodeCount) {
          outTargets[outDegree[source]++] = target;
          inTargets[inDegree[target]++] = source;
        }
      }
    }
  }
  return { outOffsets, outTargets, inOffsets, inTargets };
}

function prefixSums(counts: Uint32Array): Uint32Array {
  const offsets = new Uint32Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) offsets[i + 1] = offsets[i] + counts[i];
  return offsets;
}
