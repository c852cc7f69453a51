/**
 * The published galaxies span roughly +-10000 for 200k nodes and shrink with the cube root of the
 * node count (debian 49k: +-7000, cran 7.8k: +-3500), which the viewer's defaults are tuned for.
 */
export function galaxyRadius(nodeCount: number): number {
  return Math.max(300, 10_000 * Math.cbrt(nodeCount / 200_000));
}

/** Centres `positions` on their mean and scales them so the farthest coordinate is `galaxyRadius`. */
export function scaleToGalaxy(positions: Float64Array): Float32Array {
  const n = positions.length / 3;
  const mean = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let a = 0; a < 3; a++) mean[a] += positions[3 * i + a] / n;
  let extent = 0;
  for (let i = 0; i < positions.length; i++) extent = Math.max(extent, Math.abs(positions[i] - mean[i % 3]));
  const factor = extent > 0 ? galaxyRadius(n) / extent : 1;
  const result = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i++) result[i] = Math.round((positions[i] - mean[i % 3]) * factor);
  return result;
}
