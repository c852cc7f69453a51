import { seededRandom } from '../../../src/layout/random';

/** A generated graph with positions as a finished layout might leave them. */
export interface GeneratedLayout {
  nodeCount: number;
  sources: Uint32Array;
  targets: Uint32Array;
  /** x, y, z per star. */
  positions: Float32Array;
}

export type GeneratedShape = 'uniform' | 'clustered';

/** Stars per community: links stay inside one, so that a layout of the graph clusters them. */
const COMMUNITY = 1000;
const LINKS_PER_STAR = 2;
/** One star in this many sits far out, at 2 to 5 times the bulk's radius, as in published layouts. */
const OUTLIER_EVERY = 2000;

/**
 * `uniform`: stars spread evenly through a ball (spacing about 1), linked as a lattice;
 * `clustered`: the same number of stars in tight communities (a radius of a
 * tenth of their even spacing) whose centres fill the same ball, links as dense inside each.
 * Both have far outliers. The graphs are the same size; only where the stars sit differs.
 */
export function generatedLayout(nodeCount: number, shape: GeneratedShape, seed = 11): GeneratedLayout {
  const random = seededRandom(seed);
  const radius = Math.cbrt(nodeCount);
  const positions = new Float32Array(3 * nodeCount);
  const inBall = (out: Float32Array, at: number, r: number, cx = 0, cy = 0, cz = 0) => {
    for (;;) {
      const x = 2 * random() - 1, y = 2 * random() - 1, z = 2 * random() - 1;
      if (x * x + y * y + z * z > 1) continue;
      out[at] = cx + x * r;
      out[at + 1] = cy + y * r;
      out[at + 2] = cz + z * r;
      return;
    }
  };
  const communities = Math.max(1, Math.ceil(nodeCount / COMMUNITY));
  const centres = new Float32Array(3 * communities);
  for (let c = 0; c < communities; c++) inBall(centres, 3 * c, radius);
  const clusterRadius = 0.1 * Math.cbrt(COMMUNITY);
  for (let i = 0; i < nodeCount; i++) {
    if (i % OUTLIER_EVERY === OUTLIER_EVERY - 1) {
      inBall(positions, 3 * i, 1);
      const scale = (radius * (2 + 3 * random())) / Math.max(1e-9, Math.hypot(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]));
      for (let a = 0; a < 3; a++) positions[3 * i + a] *= scale;
    } else if (shape === 'uniform') {
      inBall(positions, 3 * i, radius);
    } else {
      const c = Math.floor(i / COMMUNITY);
      inBall(positions, 3 * i, clusterRadius, centres[3 * c], centres[3 * c + 1], centres[3 * c + 2]);
    }
  }
  // uniform: a lattice (each star to the next along two axes), which a layout spreads evenly;
  // clustered: random links inside each community and one in a hundred to anywhere.
  const side = Math.max(2, Math.round(Math.sqrt(nodeCount)));
  const sourceList: number[] = [];
  const targetList: number[] = [];
  for (let a = 0; a < nodeCount; a++) {
    for (let l = 0; l < LINKS_PER_STAR; l++) {
      let b: number;
      if (shape === 'uniform') b = l === 0 ? a + 1 : a + side;
      else if (random() < 0.01) b = Math.floor(random() * nodeCount);
      else {
        const start = Math.floor(a / COMMUNITY) * COMMUNITY;
        b = start + Math.floor(random() * Math.min(COMMUNITY, nodeCount - start));
      }
      if (b >= nodeCount || b === a) continue;
      sourceList.push(a);
      targetList.push(b);
    }
  }
  const sources = Uint32Array.from(sourceList);
  const targets = Uint32Array.from(targetList);
  return { nodeCount, sources, targets, positions };
}
