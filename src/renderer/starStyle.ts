/** docs/rules.md#renderer: how a star looks. */
export const HOVER_COLOR = 0xff0000ff;
export const HOVER_SIZE_FACTOR = 1.5;
export const NO_INCOMING_LINKS_SIZE = 30;
/** Point size in pixels is size * POINT_SIZE_FACTOR / distance to the camera. */
export { POINT_SIZE_FACTOR } from './shaderConstants';
/** Both backends clamp a star's diameter to this many device pixels (WebGL2's point size range allows 1023 here). */
export const MAX_POINT_SIZE = 512;

/** 200/maxInDegree*inDegree+15, or 30 for a star nothing links to. */
export function starSize(inDegree: number, maxInDegree: number): number {
  if (inDegree <= 0 || maxInDegree <= 0) return NO_INCOMING_LINKS_SIZE;
  return (200 / maxInDegree) * inDegree + 15;
}

/** Sizes for every star of a graph given its in-link CSR offsets. */
export function starSizes(inOffsets: Uint32Array, maxInDegree: number): Float32Array {
  const count = inOffsets.length - 1;
  const sizes = new Float32Array(Math.max(count, 0));
  for (let i = 0; i < count; i++) sizes[i] = starSize(inOffsets[i + 1] - inOffsets[i], maxInDegree);
  return sizes;
}
