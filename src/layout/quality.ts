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

/** The k-th smallest of `values` (1-based), reordering them. */
function kthSmallest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = k - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else return values[target];
  }
  return values[target];
}

/**
 * Neighbourhood preservation: for sampled linked nodes, the share of a node's k graph neighbours
 * that are among its k nearest nodes in space (k = its number of distinct neighbours), averaged.
 * 1 means every node's neighbours are the stars closest to it; a random layout gives about k/n.
 */
export function neighbourhoodPreservation(
  positions: ArrayLike<number>,
  sources: ArrayLike<number>,
  targets: ArrayLike<number>,
  samples = 1000,
  seed = 7,
): number {
  const n = positions.length / 3;
  const neighbours: Set<number>[] = [];
  const add = (a: number, b: number) => {
    if (a === b) return;
    (neighbours[a] ??= new Set()).add(b);
  };
  for (let k = 0; k < sources.length; k++) {
    add(sources[k], targets[k]);
    add(targets[k], sources[k]);
  }
  const linked: number[] = [];
  for (let i = 0; i < n; i++) if (neighbours[i]) linked.push(i);
  if (linked.length === 0) return 0;
  const random = seededRandom(seed);
  const distances = new Float64Array(n - 1);
  const count = Math.min(samples, linked.length);
  let sum = 0;
  for (let s = 0; s < count; s++) {
    const node = count === linked.length ? linked[s] : linked[Math.floor(random() * linked.length)];
    const around = neighbours[node];
    const k = around.size;
    let d = 0;
    for (let other = 0; other < n; other++) if (other !== node) distances[d++] = distance(positions, node, other);
    const radius = kthSmallest(distances, k);
    let within = 0;
    for (const other of around) if (distance(positions, node, other) <= radius) within++;
    sum += Math.min(k, within) / k;
  }
  return sum / count;
}
