import type { CommunityLevelJson } from '../communities/format';

/**
 * Which constellations are named for a camera (docs/names.md#constellation-names): at each place
 * the level whose communities span a good part of the screen, the top level from afar and finer
 * levels nearer. Pure: the scene's names (src/labels/constellationLabels.ts) draw what it chooses.
 */

/** A community is named while its projected diameter is between these fractions of the screen's shorter side. */
export const CONSTELLATION_MIN_SPAN = 0.15;
export const CONSTELLATION_MAX_SPAN = 0.8;
/** Over this fraction of the range (in log span) at each end a name fades, so that zooming cross-fades levels. */
const FADE_BAND = 0.175;
/** Where a community starts to fade out for being too big: from there on its children are named too. */
const HANDOVER_SPAN = CONSTELLATION_MAX_SPAN * Math.pow(CONSTELLATION_MIN_SPAN / CONSTELLATION_MAX_SPAN, FADE_BAND);
/** A finest community's radius from its parent's: r = R × (size / parent size)^(1/3) (the same density). */
const CUBE_ROOT = 1 / 3;

/** The levels as communities.json gives them (src/constellations/constellations.ts's Constellations fits). */
export interface ConstellationLevels {
  readonly levels: readonly CommunityLevelJson[];
}

/** The communities as a tree, in world units, built once per galaxy. */
export interface ConstellationTree {
  /** Per level: x, y, z of each community's centre, scale applied. */
  centres: Float64Array[];
  /** Per level: each community's radius estimate (world units). */
  radii: Float64Array[];
  /** Per level: each community's children at the level below (none for level 0). */
  children: Uint32Array[][];
  /** Per level: the names. */
  names: (readonly string[])[];
  /** Per level: the community that gathers unlinked stars (never named), or -1. */
  unlinked: number[];
  /** The galaxy's centre (its stars' mean) and radius: a uniform ball's with the same spread as the communities. */
  centre: [number, number, number];
  radius: number;
}

/**
 * The tree of `levels` with centres scaled by `scale` (as star positions are) and a radius for every
 * community, from the level's data: a community with children spreads as far as its children's
 * centres do around it (the root mean square of their distances, weighted by size, with each
 * child's own spread added in quadrature); a community of the finest level, which has no finer data,
 * takes its parent's radius scaled by the cube root of its share of the parent's stars. With one
 * level only, the whole galaxy's spread stands for the parent.
 */
export function constellationTree({ levels }: ConstellationLevels, scale: number): ConstellationTree {
  const centres = levels.map((level) => Float64Array.from(level.centre, (v) => v * scale));
  const children = levels.map((level, l) => {
    const lists: number[][] = Array.from({ length: level.count }, () => []);
    if (l > 0) levels[l - 1].parent?.forEach((parent, child) => lists[parent]?.push(child));
    return lists.map((list) => Uint32Array.from(list));
  });
  const radii = levels.map((level) => new Float64Array(level.count));
  // Spread of the level below around each community, from the top down: the between-children part
  // is known from the centres; the children's own spread is known once their radii are.
  const between = levels.map((level) => new Float64Array(level.count));
  for (let l = 1; l < levels.length; l++) {
    const below = levels[l - 1];
    for (let c = 0; c < levels[l].count; c++) {
      let weighted = 0, total = 0;
      for (const k of children[l][c]) {
        const size = below.size[k] ?? 0;
        weighted += size * distanceSquared(centres[l - 1], k, centres[l], c);
        total += size;
      }
      between[l][c] = total > 0 ? weighted / total : 0;
    }
  }
  const galaxySpread = wholeSpread(levels[0], centres[0]);
  // Finest level: a share of the parent's between-children spread.
  const finest = levels[0];
  const top = levels.length - 1;
  for (let c = 0; c < finest.count; c++) {
    const parent = top > 0 ? (finest.parent?.[c] ?? 0) : -1;
    const parentSpread = parent >= 0 ? Math.sqrt(between[1][parent]) : galaxySpread;
    const parentSize = parent >= 0 ? levels[1].size[parent] : totalSize(finest);
    radii[0][c] = parentSpread * Math.pow((finest.size[c] ?? 0) / Math.max(1, parentSize), CUBE_ROOT);
  }
  // Coarser levels, bottom up: between-children spread plus the children's own.
  for (let l = 1; l < levels.length; l++) {
    const below = levels[l - 1];
    for (let c = 0; c < levels[l].count; c++) {
      let own = 0, total = 0;
      for (const k of children[l][c]) {
        const size = below.size[k] ?? 0;
        own += size * radii[l - 1][k] ** 2;
        total += size;
      }
      radii[l][c] = Math.sqrt(between[l][c] + (total > 0 ? own / total : 0));
    }
  }
  const { centre, radius } = wholeBall(levels[top], centres[top], radii[top]);
  return { centres, radii, children, names: levels.map((level) => level.name), unlinked: levels.map((level) => level.unlinked ?? -1), centre, radius };
}

/** A uniform ball of radius R has a root mean square radius of R √(3/5). */
const BALL_RADIUS_PER_RMS = Math.sqrt(5 / 3);

/** The size-weighted mean of a level's centres, and the radius of a uniform ball as spread as its stars. */
function wholeBall(level: CommunityLevelJson, centres: Float64Array, radii: Float64Array): { centre: [number, number, number]; radius: number } {
  const total = totalSize(level);
  const centre: [number, number, number] = [0, 0, 0];
  if (total === 0) return { centre, radius: 0 };
  for (let c = 0; c < level.count; c++) for (let k = 0; k < 3; k++) centre[k] += (level.size[c] * centres[c * 3 + k]) / total;
  let sum = 0;
  for (let c = 0; c < level.count; c++) {
    sum += level.size[c] * ((centres[c * 3] - centre[0]) ** 2 + (centres[c * 3 + 1] - centre[1]) ** 2 + (centres[c * 3 + 2] - centre[2]) ** 2 + radii[c] ** 2);
  }
  return { centre, radius: Math.sqrt(sum / total) * BALL_RADIUS_PER_RMS };
}

function distanceSquared(a: Float64Array, i: number, b: Float64Array, j: number): number {
  return (a[i * 3] - b[j * 3]) ** 2 + (a[i * 3 + 1] - b[j * 3 + 1]) ** 2 + (a[i * 3 + 2] - b[j * 3 + 2]) ** 2;
}

function totalSize(level: CommunityLevelJson): number {
  return level.size.reduce((sum, size) => sum + size, 0);
}

/** Root mean square distance of a level's centres (weighted by size) from their mean. */
function wholeSpread(level: CommunityLevelJson, centres: Float64Array): number {
  const total = totalSize(level);
  if (total === 0) return 0;
  const mean = [0, 0, 0];
  for (let c = 0; c < level.count; c++) for (let k = 0; k < 3; k++) mean[k] += (level.size[c] * centres[c * 3 + k]) / total;
  let sum = 0;
  for (let c = 0; c < level.count; c++) sum += level.size[c] * ((centres[c * 3] - mean[0]) ** 2 + (centres[c * 3 + 1] - mean[1]) ** 2 + (centres[c * 3 + 2] - mean[2]) ** 2);
  return Math.sqrt(sum / total);
}

/** The camera as the choice needs it. */
export interface ConstellationView {
  viewProjection: ArrayLike<number>;
  cssWidth: number;
  cssHeight: number;
  /** CSS px per world unit at depth 1: cssHeight / (2 tan(fov / 2)). */
  focalCssPx: number;
}

/** A constellation to name: where its centre is on screen (CSS px), how wide it looks, how strongly to draw it. */
export interface ChosenConstellation {
  level: number;
  id: number;
  name: string;
  x: number;
  y: number;
  /** Projected diameter as a fraction of the screen's shorter side. */
  span: number;
  /** 1 inside the range of spans, falling to 0 at its ends (a name fades as its level hands over). */
  strength: number;
}

/**
 * The constellations to name for `view`, biggest on screen first, at most `budget`: walking down
 * from the top level, a community whose span is in range is named; one that looks bigger (or
 * holds the camera) hands over to its children, which are named where they are in range in turn;
 * one that looks smaller, or whose centre is behind the camera or off screen, is not named. A
 * community named while fading out (its span near the top of the range) also lets its children
 * in, so that the levels cross-fade.
 */
export function chooseConstellations(tree: ConstellationTree, view: ConstellationView, budget: number): ChosenConstellation[] {
  const chosen: ChosenConstellation[] = [];
  const top = tree.radii.length - 1;
  if (top < 0) return chosen;
  const m = view.viewProjection;
  const shorter = Math.max(1, Math.min(view.cssWidth, view.cssHeight));
  const visit = (level: number, id: number) => {
    if (id === tree.unlinked[level]) return;
    const centres = tree.centres[level];
    const x = centres[id * 3], y = centres[id * 3 + 1], z = centres[id * 3 + 2];
    const radius = tree.radii[level][id];
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    // Inside or at the edge of the community: it fills the screen, its children may not.
    const span = w > radius ? (2 * radius * view.focalCssPx) / w / shorter : Infinity;
    if (span > HANDOVER_SPAN) {
      for (const child of level > 0 ? tree.children[level][id] : []) visit(level - 1, child);
    }
    if (span < CONSTELLATION_MIN_SPAN || span > CONSTELLATION_MAX_SPAN) return;
    const nx = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
    const ny = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
    if (nx < -1 || nx > 1 || ny < -1 || ny > 1) return;
    const name = tree.names[level][id] ?? '';
    if (!name) return;
    chosen.push({ level, id, name, x: ((nx + 1) / 2) * view.cssWidth, y: ((1 - ny) / 2) * view.cssHeight, span, strength: spanStrength(span) });
  };
  for (let id = 0; id < tree.radii[top].length; id++) visit(top, id);
  return chosen.sort((a, b) => b.span - a.span || a.level - b.level || a.id - b.id).slice(0, budget);
}

/** 1 well inside [MIN, MAX], easing to 0 over the last FADE_BAND of the range at each end (log scale). */
export function spanStrength(span: number): number {
  if (!(span >= CONSTELLATION_MIN_SPAN && span <= CONSTELLATION_MAX_SPAN)) return 0;
  const range = Math.log(CONSTELLATION_MAX_SPAN / CONSTELLATION_MIN_SPAN);
  const t = Math.log(span / CONSTELLATION_MIN_SPAN) / range;
  const edge = Math.min(t, 1 - t) / FADE_BAND;
  const clamped = Math.min(1, Math.max(0, edge));
  return clamped * clamped * (3 - 2 * clamped);
}
