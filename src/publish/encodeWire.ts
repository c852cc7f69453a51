/** Encoders for the wire format of docs/rules.md#data-and-loading, the inverse of src/data/wire. */

/** positions.bin: int32 little-endian x, y, z per node (coordinates rounded). */
export function encodePositions(positions: ArrayLike<number>): Uint8Array {
  const bytes = new Uint8Array(positions.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < positions.length; i++) view.setInt32(i * 4, Math.round(positions[i]), true);
  return bytes;
}

/**
 * links.bin: for each node k with out-links, -(k+1) followed by v+1 for each target v. Nodes
 * without out-links are left out, as in the published galaxies.
 */
export function encodeLinks(nodeCount: number, sources: Uint32Array, targets: Uint32Array): Uint8Array {
  const outDegree = new Uint32Array(nodeCount);
  for (let k = 0; k < sources.length; k++) outDegree[sources[k]]++;
  const offsets = new Uint32Array(nodeCount + 1);
  for (let i = 0; i < nodeCount; i++) offsets[i + 1] = offsets[i] + outDegree[i];
  const cursor = offsets.slice(0, nodeCount);
  const sorted = new Uint32Array(sources.length);
  for (let k = 0; k < sources.length; k++) sorted[cursor[sources[k]]++] = targets[k];
  let withLinks = 0;
  for (let i = 0; i < nodeCount; i++) if (outDegree[i] > 0) withLinks++;
  const values = new Int32Array(withLinks + sources.length);
  let at = 0;
  for (let i = 0; i < nodeCount; i++) {
    if (outDegree[i] === 0) continue;
    values[at++] = -(i + 1);
    for (let e = offsets[i]; e < offsets[i + 1]; e++) values[at++] = sorted[e] + 1;
  }
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setInt32(i * 4, values[i], true);
  return bytes;
}

/** labels.json: a JSON array of node names, index = node id. */
export function encodeLabels(labels: readonly string[]): string {
  return JSON.stringify(labels);
}
