/**
 * docs/rules.md#renderer: an edge is drawn only when its squared length is at most
 * maxVisibleDistance² × scale. Returns pairs of star ids (a line list over the star positions);
 * the link colour is derived from those positions in the shaders (16000 range), or from the stars'
 * colours while they are coloured by constellation (Renderer.setLinkColours).
 */
import { LINK_COLOR_RANGE } from './shaderConstants';

export { LINK_COLOR_RANGE };

/** Indices to make room for when links that keep changing outgrow their index buffer: half as much again, so that links growing by appends are set whole rarely. */
export function linkIndexRoom(indices: number): number {
  return indices === 0 ? 0 : indices + (indices >> 1) + 1024;
}

export function maxVisibleEdgeLengthSquared(maxVisibleDistance: number, scale: number): number {
  return maxVisibleDistance * maxVisibleDistance * scale;
}

export function visibleLinkIndices(
  positions: Float32Array,
  outOffsets: Uint32Array,
  outTargets: Uint32Array,
  maxVisibleDistance: number,
  scale: number,
): Uint32Array {
  const limit = maxVisibleEdgeLengthSquared(maxVisibleDistance, scale);
  const nodeCount = outOffsets.length - 1;
  const pairs = new Uint32Array(outTargets.length * 2);
  let n = 0;
  for (let from = 0; from < nodeCount; from++) {
    const fx = positions[from * 3], fy = positions[from * 3 + 1], fz = positions[from * 3 + 2];
    for (let k = outOffsets[from], end = outOffsets[from + 1]; k < end; k++) {
      const to = outTargets[k];
      const dx = positions[to * 3] - fx, dy = positions[to * 3 + 1] - fy, dz = positions[to * 3 + 2] - fz;
      if (dx * dx + dy * dy + dz * dz > limit) continue;
      pairs[n++] = from;
      pairs[n++] = to;
    }
  }
  return pairs.slice(0, n);
}

/** The colour (r, g, b in 0..1 before clamping) a link end gets at a position; the shaders do the same. */
export function linkColorAt(x: number, y: number, z: number): [number, number, number] {
  return [x / LINK_COLOR_RANGE + 0.5, y / LINK_COLOR_RANGE + 0.5, z / LINK_COLOR_RANGE + 0.5];
}
