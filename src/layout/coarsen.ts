import { seededRandom } from './random';

/** One level of the multilevel layout: an undirected weighted graph with node masses. */
export interface Level {
  nodeCount: number;
  sources: Uint32Array;
  targets: Uint32Array;
  weights: Float64Array;
  masses: Float64Array;
}

export interface Coarsening {
  coarse: Level;
  /** coarse node of each fine node */
  parentOf: Uint32Array;
}

function adjacency(level: Level): { offsets: Uint32Array; neighbours: Uint32Array } {
  const n = level.nodeCount;
  const offsets = new Uint32Array(n + 1);
  for (let k = 0; k < level.sources.length; k++) {
    offsets[level.sources[k] + 1]++;
    offsets[level.targets[k] + 1]++;
  }
  for (let i = 0; i < n; i++) offsets[i + 1] += offsets[i];
  const cursor = offsets.slice(0, n);
  const neighbours = new Uint32Array(offsets[n]);
  for (let k = 0; k < level.sources.length; k++) {
    neighbours[cursor[level.sources[k]]++] = level.targets[k];
    neighbours[cursor[level.targets[k]]++] = level.sources[k];
  }
  return { offsets, neighbours };
}

/**
 * Merges each node with its lightest unmatched neighbour (or, when all neighbours are taken, into
 * the lightest neighbouring group, so that the leaves of a hub collapse too); nodes without links
 * are paired with each other. Coarse masses and link weights are sums of the merged ones.
 */
export function coarsen(level: Level, seed: number): Coarsening {
  const n = level.nodeCount;
  const { offsets, neighbours } = adjacency(level);
  const random = seededRandom(seed);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  const parentOf = new Uint32Array(n).fill(0xffffffff);
  const groupMass: number[] = [];
  let lonely = -1;
  for (const u of order) {
    if (parentOf[u] !== 0xffffffff) continue;
    let best = -1;
    let bestMass = Infinity;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = neighbours[e];
      if (parentOf[v] === 0xffffffff && v !== u && level.masses[v] < bestMass) {
        best = v;
        bestMass = level.masses[v];
      }
    }
    if (best >= 0) {
      const group = groupMass.length;
      groupMass.push(level.masses[u] + level.masses[best]);
      parentOf[u] = group;
      parentOf[best] = group;
      continue;
    }
    if (offsets[u + 1] > offsets[u]) {
      let lightest = -1;
      for (let e = offsets[u]; e < offsets[u + 1]; e++) {
        const group = parentOf[neighbours[e]];
        if (group !== 0xffffffff && (lightest < 0 || groupMass[group] < groupMass[lightest])) lightest = group;
      }
      if (lightest >= 0) {
        parentOf[u] = lightest;
        groupMass[lightest] += level.masses[u];
        continue;
      }
    }
    if (lonely >= 0 && parentOf[lonely] === 0xffffffff) {
      const group = groupMass.length;
      groupMass.push(level.masses[u] + level.masses[lonely]);
      parentOf[u] = group;
      parentOf[lonely] = group;
      lonely = -1;
    } else {
      lonely = u;
    }
  }
  for (let u = 0; u < n; u++) {
    if (parentOf[u] === 0xffffffff) {
      parentOf[u] = groupMass.length;
      groupMass.push(level.masses[u]);
    }
  }
  const coarseCount = groupMass.length;
  // Sum the weights of links between the same two groups; links inside a group disappear.
  const weightByPair = new Map<number, number>();
  for (let k = 0; k < level.sources.length; k++) {
    let a = parentOf[level.sources[k]];
    let b = parentOf[level.targets[k]];
    if (a === b) continue;
    if (a > b) [a, b] = [b, a];
    const key = a * coarseCount + b;
    weightByPair.set(key, (weightByPair.get(key) ?? 0) + level.weights[k]);
  }
  const sources = new Uint32Array(weightByPair.size);
  const targets = new Uint32Array(weightByPair.size);
  const weights = new Float64Array(weightByPair.size);
  let k = 0;
  for (const [key, weight] of weightByPair) {
    sources[k] = Math.floor(key / coarseCount);
    targets[k] = key % coarseCount;
    weights[k] = weight;
    k++;
  }
  return {
    coarse: { nodeCount: coarseCount, sources, targets, weights, masses: Float64Array.from(groupMass) },
    parentOf,
  };
}
