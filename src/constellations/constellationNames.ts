import type { ConstellationLevel } from './constellationLevel';
import type { NameColumn } from './nameColumn';

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
export const CONSTELLATION_HANDOVER_SPAN = CONSTELLATION_MAX_SPAN * Math.pow(CONSTELLATION_MIN_SPAN / CONSTELLATION_MAX_SPAN, FADE_BAND);

/**
 * A community whose parts spread over at least this fraction of the galaxy's radius, and over twice
 * as far as a ball of its stars as dense as the galaxy would (a top level's gathering of small
 * parts, say), has no place of its own: a name at its centre would mislead, so it is not named (its
 * children may be).
 */
export const CONSTELLATION_MAX_GALAXY_SHARE = 0.75;
const DIFFUSE_FACTOR = 2;

/** The levels as the viewer holds them (src/constellations/constellations.ts's Constellations fits). */
export interface ConstellationLevels {
  readonly levels: readonly ConstellationLevel[];
}

/** The communities as a tree, in world units, built once per galaxy and not changed after (the choice keeps what it derives from it, by tree). */
export interface ConstellationTree {
  /** Per level: x, y, z of each community's centre, scale applied. */
  centres: Float64Array[];
  /** Per level: each community's radius estimate (world units). */
  radii: Float64Array[];
  /** Per level: 1 for a community spread too thin to be named (CONSTELLATION_MAX_GALAXY_SHARE). */
  diffuse: Uint8Array[];
  /** Per level: each community's children at the level below (none for level 0), all of a level in one list. */
  children: ChildLists[];
  /** Per level: the names. */
  names: NameColumn[];
  /** Per level: the community that gathers unlinked stars (never named), or -1. */
  unlinked: number[];
  /** The galaxy's centre and radius (the scene's framing of its stars). */
  centre: [number, number, number];
  radius: number;
}

/**
 * A level's communities' children as one list: community c's are list[start[c] .. start[c + 1]).
 * One list a level, not one array a community: npm's 3,093 communities as as many typed arrays and
 * buffers held 0.4 MB of the page's heap.
 */
export interface ChildLists {
  /** count + 1 entries. */
  start: Uint32Array;
  list: Uint32Array;
}

/** Children of `count` communities whose children are `parents`' entries (child k's parent is parents[k]; none without parents). */
export function childListsOf(parents: ArrayLike<number> | undefined, count: number): ChildLists {
  const start = new Uint32Array(count + 1);
  const within = (parent: number) => Number.isInteger(parent) && parent >= 0 && parent < count;
  if (!parents) return { start, list: new Uint32Array(0) };
  for (let child = 0; child < parents.length; child++) if (within(parents[child])) start[parents[child] + 1]++;
  for (let c = 0; c < count; c++) start[c + 1] += start[c];
  const list = new Uint32Array(start[count]);
  const next = start.slice(0, count);
  for (let child = 0; child < parents.length; child++) {
    const parent = parents[child];
    if (within(parent)) list[next[parent]++] = child;
  }
  return { start, list };
}

/** The galaxy as the scene frames it (world units, scale applied): its stars' centre and radius. */
export interface GalaxyBall {
  centre: readonly [number, number, number] | readonly number[];
  radius: number;
}

/**
 * The tree of `levels` with centres scaled by `scale` (as star positions are) and a radius for every
 * community. communities.json gives no spread, so a community is taken as a ball as dense as the
 * galaxy (`galaxy`'s radius scaled by the cube root of its share of the stars), or as wide as its
 * children's centres and their own radii spread around its centre (the root mean square, by size),
 * whichever is wider: a community whose parts lie far apart looks as big as it is.
 */
export function constellationTree({ levels }: ConstellationLevels, scale: number, galaxy: GalaxyBall): ConstellationTree {
  const centres = levels.map((level) => Float64Array.from(level.centre, (v) => v * scale));
  const children = levels.map((level, l) => childListsOf(l > 0 ? levels[l - 1].parent : undefined, level.count));
  const stars = Math.max(1, levels.length > 0 ? totalSize(levels[0]) : 1);
  const radii: Float64Array[] = [];
  const diffuse: Uint8Array[] = [];
  levels.forEach((level, l) => {
    const radius = new Float64Array(level.count);
    const thin = new Uint8Array(level.count);
    for (let c = 0; c < level.count; c++) {
      const bySize = galaxy.radius * Math.cbrt((level.size[c] ?? 0) / stars);
      let spread = 0, total = 0;
      for (let at = children[l].start[c]; at < children[l].start[c + 1]; at++) {
        const k = children[l].list[at];
        const size = levels[l - 1].size[k] ?? 0;
        spread += size * (distanceSquared(centres[l - 1], k, centres[l], c) + radii[l - 1][k] ** 2);
        total += size;
      }
      const bySpread = total > 0 ? Math.sqrt(spread / total) : 0;
      radius[c] = Math.max(bySize, bySpread);
      // A top level's gathering of small parts (no resolution, more than one child) is no place either.
      const gathering = level.resolution === null && l > 0 && children[l].start[c + 1] - children[l].start[c] > 1;
      thin[c] = gathering || (bySpread >= galaxy.radius * CONSTELLATION_MAX_GALAXY_SHARE && bySpread > bySize * DIFFUSE_FACTOR) ? 1 : 0;
    }
    radii.push(radius);
    diffuse.push(thin);
  });
  const centre: [number, number, number] = [galaxy.centre[0], galaxy.centre[1], galaxy.centre[2]];
  return { centres, radii, diffuse, children, names: levels.map((level) => level.name), unlinked: levels.map((level) => level.unlinked ?? -1), centre, radius: galaxy.radius };
}

function distanceSquared(a: Float64Array, i: number, b: Float64Array, j: number): number {
  return (a[i * 3] - b[j * 3]) ** 2 + (a[i * 3 + 1] - b[j * 3 + 1]) ** 2 + (a[i * 3 + 2] - b[j * 3 + 2]) ** 2;
}

function totalSize(level: ConstellationLevel): number {
  return level.size.reduce((sum, size) => sum + size, 0);
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
 * from the top level, a community whose span is in range is named; one with one child is the
 * same stars and is named as that child; one that looks bigger (or holds the camera) hands over
 * to its children, which are named where they are in range in turn;
 * one that looks smaller, or whose centre is behind the camera or off screen, is not named. A
 * community named while fading out (its span near the top of the range) also lets its children
 * in, at least as strong as it has grown faint, so that the levels cross-fade and a zoom between
 * two levels never leaves both faint. A community spread over most of the galaxy is not named; its
 * children may be.
 */
export function chooseConstellations(tree: ConstellationTree, view: ConstellationView, budget: number, counts?: ConstellationWalkCounts): ChosenConstellation[] {
  const choice = chooseConstellationsInto(tree, view, budget, keptChoice, counts);
  const chosen: ChosenConstellation[] = [];
  for (let k = 0; k < choice.length; k++) {
    const level = choice.level[k], id = choice.id[k];
    chosen.push({ level, id, name: tree.names[level].at(id) ?? '', x: choice.x[k], y: choice.y[k], span: choice.span[k], strength: choice.strength[k] });
  }
  return chosen;
}

/**
 * A choice of constellations as chooseConstellations makes it, less the names (a name is cut out of
 * its NameColumn only when asked for), one array per field: rewritten by each choice made into it,
 * so that a flight's frames choose without a new object per name or per choice.
 */
export class ConstellationChoice {
  /** How many are chosen: entries 0 .. length - 1, strongest first. */
  length = 0;
  level = new Uint8Array(0);
  id = new Uint32Array(0);
  x = new Float64Array(0);
  y = new Float64Array(0);
  span = new Float64Array(0);
  strength = new Float64Array(0);
  /** What the strength was made of beside the span (followConstellations recomputes it): the strength handed over by the parent, and the strongest name chosen below. */
  handedOver = new Float64Array(0);
  strongestChild = new Float64Array(0);

  /** Room for `capacity` entries at least, the first `length` kept. */
  reserve(capacity: number): void {
    if (capacity <= this.level.length) return;
    const grown = <T extends Uint8Array | Uint32Array | Float64Array>(old: T, fresh: T): T => {
      fresh.set(old.subarray(0, this.length));
      return fresh;
    };
    this.level = grown(this.level, new Uint8Array(capacity));
    this.id = grown(this.id, new Uint32Array(capacity));
    this.x = grown(this.x, new Float64Array(capacity));
    this.y = grown(this.y, new Float64Array(capacity));
    this.span = grown(this.span, new Float64Array(capacity));
    this.strength = grown(this.strength, new Float64Array(capacity));
    this.handedOver = grown(this.handedOver, new Float64Array(capacity));
    this.strongestChild = grown(this.strongestChild, new Float64Array(capacity));
  }
}

/** chooseConstellations' own choice, rewritten at each call. */
const keptChoice = new ConstellationChoice();

/**
 * chooseConstellations written into `into` (its last choice replaced), which it returns: the same
 * constellations in the same order, with no object made per constellation, per choice or per walk.
 */
export function chooseConstellationsInto(tree: ConstellationTree, view: ConstellationView, budget: number, into: ConstellationChoice, counts?: ConstellationWalkCounts): ConstellationChoice {
  // The budget as slice(0, budget) took it.
  const kept = Math.max(0, Math.trunc(budget));
  into.length = 0;
  // One entry beyond the budget: where visit writes each constellation it names before ranking it.
  into.reserve(kept + 1);
  const gates = gatesOf(tree);
  const m = view.viewProjection;
  const shorter = Math.max(1, Math.min(view.cssWidth, view.cssHeight));
  const focal = view.focalCssPx;
  const walk = walkState;
  walk.tree = tree;
  walk.view = view;
  walk.shorter = shorter;
  walk.into = into;
  walk.budget = kept;
  walk.counts = counts;
  // The walk from the top, up to its gates, is the same for every camera; a gate that looks too small
  // (its span computed as visit computes it) would neither be named nor hand over, so it is skipped.
  const { level: levels, id: ids, handedOver, xyz, radius: radii, reach } = gates;
  const { chunkStart, chunkCentre, chunkReach, chunkCentreNorm, chunkSubtreeReach } = gates;
  // The camera's depth axis's length, the same for every chunk: once per choice, not once per chunk.
  const across = Math.hypot(m[3], m[7], m[11]);
  const planes = viewSides(m);
  for (let chunk = 0; chunk + 1 < chunkStart.length; chunk++) {
    // No community below any of the chunk's gates has its centre in view: none of them can be named.
    if (!ballMayBeInView(planes, chunkCentre, chunk, chunkSubtreeReach)) continue;
    const nearest = nearestDepth(chunkCentre, chunkReach, chunkCentreNorm, chunk, m, across);
    const end = chunkStart[chunk + 1];
    let g = chunkStart[chunk];
    for (; g < end; g++) {
      // A chunk's gates go biggest first: once one this big is too small at the nearest depth of the
      // chunk's centres, so is every gate left in it.
      if (nearest > radii[g] && 2 * radii[g] * focal < nearest * shorter * CONSTELLATION_MIN_SPAN * (1 - BOUND_SLACK)) break;
      const x = xyz[g * 3], y = xyz[g * 3 + 1], z = xyz[g * 3 + 2];
      const radius = radii[g];
      const w = m[3] * x + m[7] * y + m[11] * z + m[15];
      // Too small to be named or to hand over (one holding the camera or behind it looks infinitely big).
      if (w > radius && (2 * radius * focal) / w / shorter < CONSTELLATION_MIN_SPAN) continue;
      // A gate behind the camera or beside the view (span Infinity for one behind: its walk went all the way down) with nothing below it in view names nothing.
      if (!ballMayBeInView(planes, xyz, g, reach)) continue;
      visit(walk, levels[g], ids[g], handedOver[g]);
    }
    if (counts) counts.communitiesVisited += g - chunkStart[chunk];
  }
  walk.tree = undefined;
  walk.view = undefined;
  walk.into = undefined;
  walk.counts = undefined;
  return into;
}

/** What visit reads beside its community: set by chooseConstellationsInto for one choice (one at a time, on one thread). */
interface WalkState {
  tree: ConstellationTree | undefined;
  view: ConstellationView | undefined;
  shorter: number;
  into: ConstellationChoice | undefined;
  budget: number;
  counts: ConstellationWalkCounts | undefined;
}

const walkState: WalkState = { tree: undefined, view: undefined, shorter: 1, into: undefined, budget: 0, counts: undefined };

/**
 * Names community `id` at `level` if it is in range and in view, and walks its children where it
 * hands over. `handedOver`: how much of its strength the parent gave up for being too big (or
 * unnamed), which its children take. Returns the strongest name chosen in this community (itself or below).
 */
function visit(walk: WalkState, level: number, id: number, handedOver: number): number {
  const tree = walk.tree!, view = walk.view!;
  if (walk.counts) walk.counts.communitiesVisited++;
  if (id === tree.unlinked[level]) return 0;
  const { start, list } = tree.children[level];
  const first = start[id], end = start[id + 1];
  // One child holds the same stars (a community carried up a level unchanged): one name, the child's.
  if (end - first === 1) return visit(walk, level - 1, list[first], handedOver);
  const m = view.viewProjection;
  const centres = tree.centres[level];
  const x = centres[id * 3], y = centres[id * 3 + 1], z = centres[id * 3 + 2];
  const radius = tree.radii[level][id];
  const w = m[3] * x + m[7] * y + m[11] * z + m[15];
  // Inside or at the edge of the community: it fills the screen, its children may not.
  // Number.POSITIVE_INFINITY, not the global Infinity: with that, V8 boxed every span as a new heap number.
  const span = w > radius ? (2 * radius * view.focalCssPx) / w / walk.shorter : Number.POSITIVE_INFINITY;
  const diffuse = tree.diffuse[level][id] === 1;
  let strongestChild = 0;
  if (span > CONSTELLATION_HANDOVER_SPAN || diffuse) {
    const givenUp = diffuse || span > CONSTELLATION_MAX_SPAN ? 1 : 1 - spanStrength(span);
    for (let at = first; at < end; at++) strongestChild = Math.max(strongestChild, visit(walk, level - 1, list[at], givenUp));
  }
  if (span < CONSTELLATION_MIN_SPAN || span > CONSTELLATION_MAX_SPAN || diffuse) return strongestChild;
  const nx = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
  const ny = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
  if (nx < -1 || nx > 1 || ny < -1 || ny > 1) return strongestChild;
  if (!tree.names[level].isNamed(id)) return strongestChild;
  // Too big, it fades only as far as its children come in: with none in range it stays until its span leaves the range.
  const own = span > CONSTELLATION_HANDOVER_SPAN ? Math.max(spanStrength(span), 1 - strongestChild) : spanStrength(span);
  const strength = Math.max(own, handedOver);
  const into = walk.into!, last = into.length;
  into.level[last] = level;
  into.id[last] = id;
  into.x[last] = ((nx + 1) / 2) * view.cssWidth;
  into.y[last] = ((1 - ny) / 2) * view.cssHeight;
  into.span[last] = span;
  into.strength[last] = strength;
  into.handedOver[last] = handedOver;
  into.strongestChild[last] = strongestChild;
  rankLast(into, walk.budget);
  return Math.max(strength, strongestChild);
}

/**
 * Moves the constellation written just past the chosen (at `length`) to its place among them, in
 * their order: strongest first, then widest, then lower level, then lower id; the first `budget`
 * stay. That order is total (no two constellations share a level and id), so keeping the first
 * `budget` as they come is sorting all and cutting the list. (Read from the arrays, not passed:
 * a fractional number passed to a call not inlined is a new heap number.)
 */
function rankLast(into: ConstellationChoice, budget: number): void {
  const { level: levels, id: ids, x: xs, y: ys, span: spans, strength: strengths, handedOver: handed, strongestChild: strongest } = into;
  const last = into.length;
  const level = levels[last], id = ids[last], x = xs[last], y = ys[last], span = spans[last], strength = strengths[last];
  const handedOver = handed[last], strongestChild = strongest[last];
  let at = last;
  while (at > 0) {
    const k = at - 1;
    const ahead = strength !== strengths[k] ? strength > strengths[k] : span !== spans[k] ? span > spans[k] : level !== levels[k] ? level < levels[k] : id < ids[k];
    if (!ahead) break;
    at = k;
  }
  if (at >= budget) return;
  for (let k = last; k > at; k--) {
    levels[k] = levels[k - 1];
    ids[k] = ids[k - 1];
    xs[k] = xs[k - 1];
    ys[k] = ys[k - 1];
    spans[k] = spans[k - 1];
    strengths[k] = strengths[k - 1];
    handed[k] = handed[k - 1];
    strongest[k] = strongest[k - 1];
  }
  levels[at] = level;
  ids[at] = id;
  xs[at] = x;
  ys[at] = y;
  spans[at] = span;
  strengths[at] = strength;
  handed[at] = handedOver;
  strongest[at] = strongestChild;
  into.length = Math.min(last + 1, budget);
}

/**
 * `choice`, made for an earlier camera, as `view` sees the same constellations: each one's place,
 * span and strength worked out again as the choice works them out (the strength from its span now
 * and the handover terms of the choice), those whose centre has left the view or whose span has
 * left the range dropped, the rest in the choice's order again. No constellation is added: that
 * takes a new choice. For the camera the choice was made for, it changes nothing.
 */
export function followConstellations(tree: ConstellationTree, view: ConstellationView, choice: ConstellationChoice): ConstellationChoice {
  const m = view.viewProjection;
  const shorter = Math.max(1, Math.min(view.cssWidth, view.cssHeight));
  const chosen = choice.length;
  choice.length = 0;
  for (let k = 0; k < chosen; k++) {
    const level = choice.level[k], id = choice.id[k];
    const centres = tree.centres[level];
    const x = centres[id * 3], y = centres[id * 3 + 1], z = centres[id * 3 + 2];
    const radius = tree.radii[level][id];
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    // As visit: inside the community it fills the screen (out of range).
    if (!(w > radius)) continue;
    const span = (2 * radius * view.focalCssPx) / w / shorter;
    if (span < CONSTELLATION_MIN_SPAN || span > CONSTELLATION_MAX_SPAN) continue;
    const nx = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
    const ny = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
    if (nx < -1 || nx > 1 || ny < -1 || ny > 1) continue;
    const strongestChild = choice.strongestChild[k];
    const own = span > CONSTELLATION_HANDOVER_SPAN ? Math.max(spanStrength(span), 1 - strongestChild) : spanStrength(span);
    // Written at `length`, then ranked among those kept: the budget is the choice's own length.
    const last = choice.length;
    choice.level[last] = level;
    choice.id[last] = id;
    choice.x[last] = ((nx + 1) / 2) * view.cssWidth;
    choice.y[last] = ((1 - ny) / 2) * view.cssHeight;
    choice.span[last] = span;
    choice.strength[last] = Math.max(own, choice.handedOver[k]);
    choice.handedOver[last] = choice.handedOver[k];
    choice.strongestChild[last] = strongestChild;
    rankLast(choice, chosen);
  }
  return choice;
}

/** How much of the tree a choice looked at (the main-thread bench counts it per frame). */
export interface ConstellationWalkCounts {
  /** Communities whose span was computed (gates tested, and below them), or that were passed through (the unlinked, one child). */
  communitiesVisited: number;
}


/**
 * Where the walk from the top first depends on the camera: the communities it reaches through only
 * unlinked ones (skipped), ones with one child (named as that child) and spread-out ones (never
 * named, always handing all their strength to their children), none of which looks at the camera.
 * With each, what the per-frame test needs of it. The order does not matter: the choice's sort is total.
 */
interface ConstellationGates {
  level: Uint8Array;
  id: Uint32Array;
  handedOver: Float64Array;
  xyz: Float64Array;
  radius: Float64Array;
  /** How far from the gate's centre the centre of any community the walk may reach below it lies (0 for one without children). */
  reach: Float64Array;
  /** Gates in chunks of nearby ones (in Morton order of their centres), each chunk's biggest first: chunk c is chunkStart[c] to chunkStart[c + 1]. */
  chunkStart: Uint32Array;
  /** Per chunk a ball holding its gates' centres. */
  chunkCentre: Float64Array;
  chunkReach: Float64Array;
  /** Per chunk the length of its ball's centre (Math.hypot of it), for the rounding room of nearestDepth. */
  chunkCentreNorm: Float64Array;
  /** Per chunk a ball, about chunkCentre, holding every centre the walk may reach from its gates. */
  chunkSubtreeReach: Float64Array;
}

const GATES_PER_CHUNK = 32;

/** Relative room left for rounding where a bound stands in for the spans it bounds. */
const BOUND_SLACK = 1e-6;

/**
 * The view's five sides as the choice tests a centre against them: in front of the camera (w > 0)
 * and within the screen's edges (-w <= x, y <= w in clip space), each a linear function of the
 * point, (a, d) with a point p inside while a·p + d >= 0, and |a| for bounding it over a ball.
 * Not src/geometry/frustum.ts's planes: visit names a centre anywhere in front of the camera, so
 * the front side here is w = 0, not the near plane.
 */
interface ViewSides {
  /** Per plane: a's three, d, |a|. */
  readonly values: Float64Array;
}

const VIEW_SIDES = 5;

function viewSides(m: ArrayLike<number>): ViewSides {
  // Rows of the matrix (column-major): x = row 0, y = row 1, w = row 3.
  writeViewSide(m, 0, 0, 0);
  writeViewSide(m, 1, 1, 0);
  writeViewSide(m, 2, -1, 0);
  writeViewSide(m, 3, 0, 1);
  writeViewSide(m, 4, 0, -1);
  return viewSidesView;
}

/** Side `p` of viewSides: w + sx x + sy y >= 0. */
function writeViewSide(m: ArrayLike<number>, p: number, sx: number, sy: number): void {
  const values = viewSidesScratch;
  const a0 = m[3] + sx * m[0] + sy * m[1], a1 = m[7] + sx * m[4] + sy * m[5], a2 = m[11] + sx * m[8] + sy * m[9], d = m[15] + sx * m[12] + sy * m[13];
  values[p * 5] = a0;
  values[p * 5 + 1] = a1;
  values[p * 5 + 2] = a2;
  values[p * 5 + 3] = d;
  values[p * 5 + 4] = Math.hypot(a0, a1, a2);
}

/** viewSides' numbers, rewritten for each choice (the choice runs on one thread, one at a time). */
const viewSidesScratch = new Float64Array(VIEW_SIDES * 5);
const viewSidesView: ViewSides = { values: viewSidesScratch };

/**
 * False only when every point within `reaches[i]` of centre `i` of `centres` is, by more than rounding,
 * behind the camera or beyond an edge of the screen: then no centre there passes visit's tests.
 * (The reach is read here, not passed: a fractional number passed to a call not inlined is a new heap number.)
 */
function ballMayBeInView({ values }: ViewSides, centres: Float64Array, i: number, reaches: Float64Array): boolean {
  const x = centres[i * 3], y = centres[i * 3 + 1], z = centres[i * 3 + 2], reach = reaches[i];
  const norm = Math.abs(x) + Math.abs(y) + Math.abs(z) + reach;
  for (let p = 0; p < VIEW_SIDES * 5; p += 5) {
    const a = values[p + 4];
    const most = values[p] * x + values[p + 1] * y + values[p + 2] * z + values[p + 3] + reach * a;
    if (most < -BOUND_SLACK * (a * norm + Math.abs(values[p + 3]))) return false;
  }
  return true;
}

/** At most the depth (w) of any centre in `chunk`'s ball, a little less for rounding; `across` is the length of the matrix's depth row (m[3], m[7], m[11]). */
function nearestDepth(centres: Float64Array, reach: Float64Array, centreNorm: Float64Array, chunk: number, m: ArrayLike<number>, across: number): number {
  const x = centres[chunk * 3], y = centres[chunk * 3 + 1], z = centres[chunk * 3 + 2];
  const depth = m[3] * x + m[7] * y + m[11] * z + m[15] - reach[chunk] * across;
  const rounding = BOUND_SLACK * (across * (centreNorm[chunk] + reach[chunk]) + Math.abs(m[15]));
  return depth - rounding;
}

const gatesByTree = new WeakMap<ConstellationTree, ConstellationGates>();

function gatesOf(tree: ConstellationTree): ConstellationGates {
  let gates = gatesByTree.get(tree);
  if (!gates) {
    gates = findGates(tree);
    gatesByTree.set(tree, gates);
  }
  return gates;
}

function findGates(tree: ConstellationTree): ConstellationGates {
  const found: { level: number; id: number; handedOver: number }[] = [];
  const walk = (level: number, id: number, handedOver: number): void => {
    if (id === tree.unlinked[level]) return;
    const { start, list } = tree.children[level];
    const first = start[id], end = start[id + 1];
    if (end - first === 1) return walk(level - 1, list[first], handedOver);
    if (tree.diffuse[level][id] === 1) {
      for (let at = first; at < end; at++) walk(level - 1, list[at], 1);
      return;
    }
    found.push({ level, id, handedOver });
  };
  const top = tree.radii.length - 1;
  if (top >= 0) for (let id = 0; id < tree.radii[top].length; id++) walk(top, id, 0);
  const centreOf = (gate: { level: number; id: number }, axis: number) => tree.centres[gate.level][gate.id * 3 + axis];
  // A loop, not Math.min(...): a ten-million-star galaxy has more gates than a call takes arguments.
  const low = [Infinity, Infinity, Infinity], high = [-Infinity, -Infinity, -Infinity];
  for (const gate of found) {
    for (let axis = 0; axis < 3; axis++) {
      low[axis] = Math.min(low[axis], centreOf(gate, axis));
      high[axis] = Math.max(high[axis], centreOf(gate, axis));
    }
  }
  const morton = (gate: { level: number; id: number }): number => {
    let code = 0;
    for (let axis = 0; axis < 3; axis++) {
      const cell = Math.min(1023, Math.floor(((centreOf(gate, axis) - low[axis]) / (high[axis] - low[axis] || 1)) * 1024));
      for (let bit = 0; bit < 10; bit++) code += ((cell >> bit) & 1) * 2 ** (bit * 3 + axis);
    }
    return code;
  };
  found.sort((a, b) => morton(a) - morton(b));
  const chunks = Math.ceil(found.length / GATES_PER_CHUNK);
  const chunkStart = Uint32Array.from({ length: chunks + 1 }, (_, c) => Math.min(found.length, c * GATES_PER_CHUNK));
  const sorted = Array.from({ length: chunks }, (_, c) =>
    found.slice(chunkStart[c], chunkStart[c + 1]).sort((a, b) => tree.radii[b.level][b.id] - tree.radii[a.level][a.id]),
  ).flat();
  const gates: ConstellationGates = {
    level: new Uint8Array(sorted.length),
    id: new Uint32Array(sorted.length),
    handedOver: new Float64Array(sorted.length),
    xyz: new Float64Array(sorted.length * 3),
    radius: new Float64Array(sorted.length),
    reach: new Float64Array(sorted.length),
    chunkStart,
    chunkCentre: new Float64Array(chunks * 3),
    chunkReach: new Float64Array(chunks),
    chunkCentreNorm: new Float64Array(chunks),
    chunkSubtreeReach: new Float64Array(chunks),
  };
  sorted.forEach(({ level, id, handedOver }, g) => {
    gates.level[g] = level;
    gates.id[g] = id;
    gates.handedOver[g] = handedOver;
    gates.xyz.set(tree.centres[level].subarray(id * 3, id * 3 + 3), g * 3);
    gates.radius[g] = tree.radii[level][id];
    gates.reach[g] = subtreeReach(tree, level, id);
  });
  for (let c = 0; c < chunks; c++) {
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    for (let k = chunkStart[c] * 3; k < chunkStart[c + 1] * 3; k++) {
      min[k % 3] = Math.min(min[k % 3], gates.xyz[k]);
      max[k % 3] = Math.max(max[k % 3], gates.xyz[k]);
    }
    for (let axis = 0; axis < 3; axis++) gates.chunkCentre[c * 3 + axis] = (min[axis] + max[axis]) / 2;
    gates.chunkCentreNorm[c] = Math.hypot(gates.chunkCentre[c * 3], gates.chunkCentre[c * 3 + 1], gates.chunkCentre[c * 3 + 2]);
    for (let g = chunkStart[c]; g < chunkStart[c + 1]; g++) {
      const d = Math.hypot(gates.xyz[g * 3] - gates.chunkCentre[c * 3], gates.xyz[g * 3 + 1] - gates.chunkCentre[c * 3 + 1], gates.xyz[g * 3 + 2] - gates.chunkCentre[c * 3 + 2]);
      gates.chunkReach[c] = Math.max(gates.chunkReach[c], d);
      gates.chunkSubtreeReach[c] = Math.max(gates.chunkSubtreeReach[c], d + gates.reach[g]);
    }
  }
  return gates;
}

/** How far from community `id`'s centre at `level` the centres of its descendants lie, at most. */
function subtreeReach(tree: ConstellationTree, level: number, id: number): number {
  const centres = tree.centres[level];
  const x = centres[id * 3], y = centres[id * 3 + 1], z = centres[id * 3 + 2];
  let reach = 0;
  const below = (l: number, c: number): void => {
    if (l === 0) return;
    const { start, list } = tree.children[l];
    const childCentres = tree.centres[l - 1];
    for (let at = start[c]; at < start[c + 1]; at++) {
      const k = list[at];
      reach = Math.max(reach, Math.hypot(childCentres[k * 3] - x, childCentres[k * 3 + 1] - y, childCentres[k * 3 + 2] - z));
      below(l - 1, k);
    }
  };
  below(level, id);
  return reach;
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
