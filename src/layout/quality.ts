import { seededRandom } from './random';

function distance(positions: ArrayLike<number>, a: number, b: number): number {
  const dx = positions[3 * a] - positions[3 * b];
  const dy = positions[3 * a + 1] - positions[3 * b + 1];
  const dz = positions[3 * a + 2] - positions[3 * b + 2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * Mean link length divided by the mean distance between random node pairs: how much closer linked
 * nodes sit than unrelated ones (lower is better, 1 is no better than random), whatever the scale.
 */
export function edgeLengthRatio(
  positions: ArrayLike<number>,
  sources: ArrayLike<number>,
  targets: ArrayLike<number>,
  pairs = 200_000,
  seed = 7,
  /** Draw the random pairs from these nodes only (e.g. the linked ones); default: every node. */
  among?: Uint32Array,
): number {
  const n = among ? among.length : positions.length / 3;
  const pick = (r: number): number => (among ? among[Math.floor(r * n)] : Math.floor(r * n));
  let edgeSum = 0;
  for (let k = 0; k < sources.length; k++) edgeSum += distance(positions, sources[k], targets[k]);
  const random = seededRandom(seed);
  let pairSum = 0;
  for (let p = 0; p < pairs; p++) pairSum += distance(positions, pick(random()), pick(random()));
  return edgeSum / sources.length / (pairSum / pairs);
}

/** The nodes with at least one link. */
export function linkedNodes(nodeCount: number, sources: ArrayLike<number>, targets: ArrayLike<number>): Uint32Array {
  const linked = new Uint8Array(nodeCount);
  for (let k = 0; k < sources.length; k++) {
    linked[sources[k]] = 1;
    linked[targets[k]] = 1;
  }
  const nodes: number[] = [];
  for (let i = 0; i < nodeCount; i++) if (linked[i]) nodes.push(i);
  return Uint32Array.from(nodes);
}
