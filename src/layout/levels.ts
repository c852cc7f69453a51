import { coarsen, type Level } from './coarsen';
import { seededRandom } from './random';

/** The graph a layout works on: node ids 0..nodeCount-1 and one (source, target) pair per link. */
export interface LayoutInput {
  nodeCount: number;
  sources: Uint32Array;
  targets: Uint32Array;
}

/** Coarsening stops at this size or when a level shrinks by less than a quarter. */
const COARSEST_SIZE = 50;
/** The shell of unlinked nodes, in units of the radius holding 90% of the linked ones. */
const SHELL_INNER = 3.5;
const SHELL_OUTER = 4;

/** Mass 1 + degree, as in ForceAtlas2: hubs push harder and get room around them. */
export function fineLevel(input: LayoutInput): Level {
  const masses = new Float64Array(input.nodeCount).fill(1);
  for (let k = 0; k < input.sources.length; k++) {
    masses[input.sources[k]]++;
    masses[input.targets[k]]++;
  }
  const weights = new Float64Array(input.sources.length).fill(1);
  return { nodeCount: input.nodeCount, sources: input.sources, targets: input.targets, weights, masses };
}

/** The levels of a multilevel layout, finest first, and for each level but the coarsest the coarse node of each of its nodes. */
export function buildLevels(input: LayoutInput, seed: number): { levels: Level[]; parents: Uint32Array[] } {
  const levels: Level[] = [fineLevel(input)];
  const parents: Uint32Array[] = [];
  for (;;) {
    const level = levels[levels.length - 1];
    if (level.nodeCount <= COARSEST_SIZE) break;
    const { coarse, parentOf } = coarsen(level, seed + levels.length);
    if (coarse.nodeCount > 0.75 * level.nodeCount) break;
    levels.push(coarse);
    parents.push(parentOf);
  }
  return { levels, parents };
}

/** The nodes with links (old ids) and the graph between them renumbered 0..k-1. */
export function linkedSubgraph(input: LayoutInput): { linked: Uint32Array; subgraph: LayoutInput } {
  const newId = new Int32Array(input.nodeCount).fill(-1);
  for (let k = 0; k < input.sources.length; k++) {
    newId[input.sources[k]] = 0;
    newId[input.targets[k]] = 0;
  }
  const linked: number[] = [];
  for (let i = 0; i < input.nodeCount; i++) if (newId[i] === 0) newId[i] = linked.push(i) - 1;
  const sources = new Uint32Array(input.sources.length);
  const targets = new Uint32Array(input.targets.length);
  for (let k = 0; k < input.sources.length; k++) {
    sources[k] = newId[input.sources[k]];
    targets[k] = newId[input.targets[k]];
  }
  return { linked: Uint32Array.from(linked), subgraph: { nodeCount: linked.length, sources, targets } };
}

/** Spreads the unlinked nodes evenly through a shell around most linked nodes, well clear of them like the published galaxies. */
export function placeOnShell(positions: Float64Array, isLinked: Uint8Array, linkedPositions: Float64Array, seed: number): void {
  const k = linkedPositions.length / 3;
  const centre = [0, 0, 0];
  for (let j = 0; j < k; j++) for (let a = 0; a < 3; a++) centre[a] += linkedPositions[3 * j + a] / k;
  // The 90th percentile, not the farthest: a few long chains should not push the shell far out.
  const distances = new Float64Array(k);
  for (let j = 0; j < k; j++) {
    distances[j] = Math.hypot(linkedPositions[3 * j] - centre[0], linkedPositions[3 * j + 1] - centre[1], linkedPositions[3 * j + 2] - centre[2]);
  }
  distances.sort();
  let radius = k > 0 ? distances[Math.floor(0.9 * (k - 1))] : 0;
  const isolatedCount = isLinked.length - k;
  if (radius === 0) radius = 10 * Math.cbrt(isolatedCount);
  const random = seededRandom(seed ^ 0x5bd1e995);
  for (let i = 0; i < isLinked.length; i++) {
    if (isLinked[i]) continue;
    const z = 2 * random() - 1;
    const angle = 2 * Math.PI * random();
    const ring = Math.sqrt(1 - z * z);
    // Uniform in volume between the two radii (k = 0: a full ball).
    const inner = k > 0 ? SHELL_INNER : 0;
    const r = radius * Math.cbrt(inner ** 3 + random() * (SHELL_OUTER ** 3 - inner ** 3));
    positions[3 * i] = centre[0] + r * ring * Math.cos(angle);
    positions[3 * i + 1] = centre[1] + r * ring * Math.sin(angle);
    positions[3 * i + 2] = centre[2] + r * z;
  }
}

export function meanMass(level: Level): number {
  let sum = 0;
  for (let i = 0; i < level.nodeCount; i++) sum += level.masses[i];
  return level.nodeCount > 0 ? sum / level.nodeCount : 1;
}

/** Mean distance to the centre over the cube root of the node count: about the distance between neighbours. */
export function typicalSpacing(positions: Float64Array): number {
  const n = positions.length / 3;
  if (n === 0) return 1;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.hypot(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  return Math.max(1e-3, sum / n / Math.cbrt(n));
}
