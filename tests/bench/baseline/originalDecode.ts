/**
 * The original viewer's approach, kept only as a benchmark baseline: positions scaled in place,
 * links into arrays of arrays filled one link at a time (outLinks[src].push, inLinks[dst].push).
 * It runs synchronously here, without the original's setTimeout yields, so the baseline is if anything faster.
 */
export interface OriginalGraph {
  positions: Int32Array | Float32Array;
  outLinks: number[][];
  inLinks: number[][];
  labels: string[];
}

export function originalPositions(buffer: ArrayBuffer, scale: number): Float32Array {
  const raw = new Int32Array(buffer);
  const positions = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; ++i) positions[i] = raw[i] * scale;
  return positions;
}

export function originalLinks(buffer: ArrayBuffer): { outLinks: number[][]; inLinks: number[][] } {
  const links = new Int32Array(buffer);
  const outLinks: number[][] = [];
  const inLinks: number[][] = [];
  let lastArray: number[] = [];
  outLinks[0] = lastArray;
  let srcIndex = 0;
  for (let i = 0; i < links.length; i++) {
    const link = links[i];
    if (link < 0) {
      srcIndex = -link - 1;
      lastArray = outLinks[srcIndex] = [];
    } else {
      const toNode = link - 1;
      lastArray.push(toNode);
      if (inLinks[toNode] === undefined) inLinks[toNode] = [srcIndex];
      else inLinks[toNode].push(srcIndex);
    }
  }
  return { outLinks, inLinks };
}
