import { SeededRandom } from './random';
import { starName } from './starNames';

export interface SyntheticGalaxyOptions {
  stars: number;
  seed: number;
  /** Mean out-degree (the published npm galaxy has about 2.4). */
  linksPerStar: number;
}

/** Spiral arms of the disk; clusters sit along them, bigger and thicker towards the centre. */
const ARMS = 4;
/** Published galaxies span about ±10000 whatever their size. */
const RADIUS = 9500;
const COORDINATE_LIMIT = 10_000;
/** Stars per cluster on average. */
const MEAN_CLUSTER_SIZE = 300;
/**
 * Share of links inside the star's own cluster, then to a neighbouring cluster; the rest go to the
 * hubs of clusters near the centre. With these shares and the rank exponents in pickTarget, a
 * 196k-star galaxy has about npm's shape: most stars never linked to, a hub with thousands of links.
 */
const SAME_CLUSTER = 0.7;
const NEIGHBOUR_CLUSTER = 0.8;
const MAX_OUT_DEGREE = 400;

/**
 * A galaxy shaped like the published ones, for tests and benchmarks: clusters of stars along spiral
 * arms, each cluster's most linked stars at its centre (as a force layout puts them), in-degrees
 * following a power law (a link picks the star of rank r in its cluster with probability falling like
 * a power of r), links mostly inside a cluster or to the next one along the arm, and ids shuffled so
 * that id order says nothing about place. Memory: 20 bytes per star; links and names are produced
 * one star at a time.
 */
export class SyntheticGalaxy {
  readonly starCount: number;
  /** int32 x, y, z per star, by id. */
  readonly positions: Int32Array;
  private readonly clusterStart: Uint32Array;
  private readonly clusterCount: number;
  /** Star id at each place in cluster order, and the inverse. */
  private readonly idAt: Uint32Array;
  private readonly placeOf: Uint32Array;

  constructor(private readonly options: SyntheticGalaxyOptions) {
    const { stars, seed } = options;
    if (!Number.isInteger(stars) || stars < 1) throw new Error('a galaxy needs at least 1 star');
    this.starCount = stars;
    const random = new SeededRandom(seed);
    const sizes = clusterSizes(stars, random);
    this.clusterCount = sizes.length;
    this.clusterStart = new Uint32Array(sizes.length + 1);
    for (let c = 0; c < sizes.length; c++) this.clusterStart[c + 1] = this.clusterStart[c] + sizes[c];
    this.idAt = new Uint32Array(stars);
    for (let i = 0; i < stars; i++) this.idAt[i] = i;
    for (let i = stars - 1; i > 0; i--) {
      const j = random.below(i + 1);
      const swap = this.idAt[i];
      this.idAt[i] = this.idAt[j];
      this.idAt[j] = swap;
    }
    this.placeOf = new Uint32Array(stars);
    for (let i = 0; i < stars; i++) this.placeOf[this.idAt[i]] = i;
    this.positions = new Int32Array(stars * 3);
    this.placeStars(random);
  }

  private placeStars(random: SeededRandom): void {
    const rows = Math.ceil(this.clusterCount / ARMS);
    for (let c = 0; c < this.clusterCount; c++) {
      const arm = c % ARMS;
      const along = (Math.floor(c / ARMS) + random.next()) / rows;
      const r = RADIUS * Math.pow(along, 0.8);
      const angle = (arm * 2 * Math.PI) / ARMS + 2.2 * Math.log(1 + r / 800) + random.gaussian() * 0.12;
      const thickness = 1400 * (1 - along) * (1 - along) + 300;
      const cx = r * Math.cos(angle) + random.gaussian() * 150;
      const cy = r * Math.sin(angle) + random.gaussian() * 150;
      const cz = random.gaussian() * thickness;
      const start = this.clusterStart[c];
      const size = this.clusterStart[c + 1] - start;
      const spread = 30 * Math.cbrt(size) + 30;
      for (let rank = 0; rank < size; rank++) {
        // Uniform in a ball by rank: the most linked stars (low ranks) at the centre.
        const distance = spread * 2.2 * Math.cbrt((rank + 0.5) / size) * (0.7 + 0.6 * random.next());
        let dx = random.gaussian();
        let dy = random.gaussian();
        let dz = random.gaussian();
        const norm = Math.hypot(dx, dy, dz) || 1;
        dx /= norm;
        dy /= norm;
        dz /= norm;
        const at = this.idAt[start + rank] * 3;
        this.positions[at] = clampCoordinate(cx + dx * distance);
        this.positions[at + 1] = clampCoordinate(cy + dy * distance);
        this.positions[at + 2] = clampCoordinate(cz + dz * distance * 0.8);
      }
    }
  }

  /** Calls `visit` for every star with out-links, in id order; `targets` is reused between calls. */
  forEachOutList(visit: (source: number, targets: Uint32Array, count: number) => void): void {
    const random = new SeededRandom(this.options.seed + 1);
    const targets = new Uint32Array(MAX_OUT_DEGREE);
    // floor of an exponential with this mean has mean linksPerStar.
    const exponentialMean = 1 / Math.log(1 + 1 / Math.max(1e-6, this.options.linksPerStar));
    for (let source = 0; source < this.starCount; source++) {
      const wanted = Math.min(MAX_OUT_DEGREE, Math.floor(-Math.log(1 - random.next()) * exponentialMean));
      if (wanted === 0) continue;
      const place = this.placeOf[source];
      const cluster = this.clusterOfPlace(place);
      let count = 0;
      for (let attempt = 0; attempt < wanted * 2 && count < wanted; attempt++) {
        const target = this.pickTarget(cluster, random);
        if (target === source) continue;
        let duplicate = false;
        for (let k = 0; k < count; k++) {
          if (targets[k] === target) {
            duplicate = true;
            break;
          }
        }
        if (!duplicate) targets[count++] = target;
      }
      if (count > 0) visit(source, targets, count);
    }
  }

  /** Calls `visit` with every star's name, in id order. */
  forEachName(visit: (id: number, name: string) => void): void {
    const random = new SeededRandom(this.options.seed + 2);
    for (let id = 0; id < this.starCount; id++) visit(id, starName(id, random));
  }

  private pickTarget(cluster: number, random: SeededRandom): number {
    const roll = random.next();
    let target = cluster;
    let concentration = 12;
    if (roll >= NEIGHBOUR_CLUSTER) {
      // Clusters are numbered from the centre out: the central ones collect the most links.
      target = Math.floor(this.clusterCount * Math.pow(random.next(), 3));
      concentration = 16;
    } else if (roll >= SAME_CLUSTER) {
      const step = ARMS * (1 + random.below(2)) * (random.next() < 0.5 ? -1 : 1);
      const neighbour = cluster + step;
      if (neighbour >= 0 && neighbour < this.clusterCount) target = neighbour;
      concentration = 12;
    }
    const start = this.clusterStart[target];
    const size = this.clusterStart[target + 1] - start;
    const rank = Math.floor(size * Math.pow(random.next(), concentration));
    return this.idAt[start + rank];
  }

  private clusterOfPlace(place: number): number {
    let low = 0;
    let high = this.clusterCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.clusterStart[middle] <= place) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

function clampCoordinate(value: number): number {
  return Math.max(-COORDINATE_LIMIT, Math.min(COORDINATE_LIMIT, Math.round(value)));
}

/** Cluster sizes with a heavy tail (a few big clusters, many small), summing to `stars`. */
function clusterSizes(stars: number, random: SeededRandom): Uint32Array {
  const count = Math.max(1, Math.round(stars / MEAN_CLUSTER_SIZE));
  const weights = new Float64Array(count);
  let total = 0;
  for (let c = 0; c < count; c++) {
    weights[c] = Math.pow(1 - random.next(), -0.6);
    total += weights[c];
  }
  const sizes = new Uint32Array(count);
  let assigned = 0;
  let largest = 0;
  for (let c = 0; c < count; c++) {
    sizes[c] = Math.max(1, Math.floor((stars * weights[c]) / total));
    assigned += sizes[c];
    if (sizes[c] > sizes[largest]) largest = c;
  }
  // Rounding leaves a few stars over (or, with many clusters of one, a few too many): the largest absorbs them.
  sizes[largest] += stars - assigned;
  return sizes;
}
