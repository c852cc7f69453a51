import { ConstellationChoice, chooseConstellationsInto, followConstellations, type ConstellationTree, type ConstellationView, type ConstellationWalkCounts } from '../constellations/constellationNames';
import { CONSTELLATION_BUDGET, CONSTELLATION_CHOICE_MOVING_FRAMES, CONSTELLATION_CHOICE_MOVING_INTERVAL_MS, CONSTELLATION_FONT_SCALE, LABEL_FADE_MS, LABEL_MARGIN_CSS_PX } from './constants';
import type { AtlasEntry } from './labelAtlas';
import { displayText } from './labelText';
import type { FitOptions, LabelBox, PlacementGrid } from './placeLabels';

/** A constellation's name drawn on screen, in CSS px of the canvas (tests read these). */
export interface PlacedConstellation extends LabelBox {
  level: number;
  id: number;
  name: string;
  text: string;
  /** The fade (0..1) times how well its span suits the camera; the names' halo and letters are drawn at this opacity. */
  opacity: number;
}

/** A constellation name on screen or fading, by its community's key (levelStartsOf). */
interface ConstellationState {
  key: number;
  level: number;
  id: number;
  text: string;
  /** Where it is drawn: rewritten in place when it is placed again. */
  box: LabelBox;
  /** Its atlas entry as this frame found it (set when placed or drawn). */
  entry: AtlasEntry | undefined;
  /** The frame (ConstellationLabels' count) that last placed it. */
  placedIn: number;
  opacity: number;
  strength: number;
}

/** The camera as constellation names need it (the scene's Camera fits). */
export interface ConstellationCamera {
  readonly viewProjection: ArrayLike<number>;
  readonly position: ArrayLike<number>;
  readonly cssWidth: number;
  readonly cssHeight: number;
  /** The projection matrix: element 5 is 1 / tan(fov / 2). */
  readonly projection?: ArrayLike<number>;
}

/**
 * How far up or down from its community's centre a name's centre may move, as a fraction of the
 * community's projected diameter: half its radius, its dense middle (the radius is an estimate
 * that a galaxy's outliers inflate, and names moved further read as a list rather than a map).
 */
const NAME_REACH = 0.25;

/**
 * Where a constellation's name may go: centred on the community, else moved by whole rows up or down
 * while its centre stays within `reachCssPx`, and sideways by quarters of its width as long as the
 * text still spans the community's centre; nearest first. So communities whose centres crowd
 * together (npm's linked core from afar) can each be named, and a panel beside the centre does not
 * rule a name out.
 */
export function stackedCandidates(x: number, y: number, width: number, height: number, reachCssPx: number): LabelBox[] {
  const places: LabelBox[] = [];
  firstStackedPlace(x, y, width, height, reachCssPx, (box) => {
    places.push({ ...box });
    return false;
  });
  return places;
}

/**
 * The first of stackedCandidates' places, in their order, that `fits`, or undefined; boxes are built
 * only as far as that one. The order of the offsets depends only on the steps, and the rows only
 * filter it (nearest first stays nearest first over fewer rows), so it is sorted once per steps for
 * the most rows asked yet (names keep their size), not once per name per frame, nor again each
 * time a zoom moves the reach across a row.
 */
export function firstStackedPlace(x: number, y: number, width: number, height: number, reachCssPx: number, fits: (box: Readonly<LabelBox>) => boolean): LabelBox | undefined {
  const name = stackedName;
  name.x = x;
  name.y = y;
  name.width = width;
  name.height = height;
  name.reachCssPx = reachCssPx;
  return placeStacked(name, fits);
}

/** A name to place as stackedCandidates places it: its community's centre (x, y), its text's size, and how far its centre may move (CSS px). */
export interface StackedName {
  x: number;
  y: number;
  width: number;
  height: number;
  reachCssPx: number;
}

/** firstStackedPlace's name, rewritten at each call. */
const stackedName: StackedName = { x: 0, y: 0, width: 0, height: 0, reachCssPx: 0 };

/**
 * firstStackedPlace for `name`, the place found written into `into` (a new box without it). The
 * numbers come in one object the caller keeps, not as arguments: a fractional number passed to a
 * call that is not inlined is a new heap number, five a name a frame.
 */
export function placeStacked(name: Readonly<StackedName>, fits: (box: Readonly<LabelBox>) => boolean, into?: LabelBox): LabelBox | undefined {
  const { x, y, width, height, reachCssPx } = name;
  // Names keep LABEL_MARGIN_CSS_PX apart: stacked places touch that margin and no more.
  const rowStep = height + LABEL_MARGIN_CSS_PX, sideStep = width / 4;
  let lastRow = -Math.floor(reachCssPx / rowStep);
  const firstRow = lastRow;
  while ((lastRow + 1) * rowStep <= reachCssPx) lastRow++;
  if (lastRow * rowStep > reachCssPx) return undefined;
  const order = offsetOrder(rowStep, sideStep, Math.max(-firstRow, lastRow));
  const box = candidate;
  box.width = width;
  box.height = height;
  for (let i = 0; i < order.length; i += 2) {
    const row = order[i + 1];
    if (row < firstRow || row > lastRow) continue;
    box.x = x - width / 2 + order[i] * sideStep;
    box.y = y - height / 2 + row * rowStep;
    if (fits(box)) {
      if (!into) return { x: box.x, y: box.y, width, height };
      into.x = box.x;
      into.y = box.y;
      into.width = width;
      into.height = height;
      return into;
    }
  }
  return undefined;
}

/**
 * The one box firstStackedPlace rewrites for each place it tries (`fits` must not keep it): a new box
 * per place tried was a third of the bytes a flight's frame allocated (31 KB a frame over tiled npm).
 */
const candidate: LabelBox = { x: 0, y: 0, width: 0, height: 0 };

/**
 * Sorted offsets (side, row pairs) by row step and side step, over rows -rows..rows (maps keyed by
 * the numbers themselves: a string key cost four number-to-text conversions per name per frame); a
 * few hundred at most are kept.
 */
const offsetOrders = new Map<number, Map<number, { rows: number; order: Int32Array }>>();
let offsetOrdersKept = 0;
const OFFSET_ORDERS_KEPT = 512;
/** The fewest rows an order is sorted for (a name's reach is mostly a few rows). */
const MIN_ORDER_ROWS = 8;

/** The (side, row) offsets of stacked places over rows -rows..rows at least, nearest first (ties: higher first, then left first). */
function offsetOrder(rowStep: number, sideStep: number, rows: number): Int32Array {
  let bySide = offsetOrders.get(rowStep);
  const kept = bySide?.get(sideStep);
  if (kept && kept.rows >= rows) return kept.order;
  // Room for a zoom to go on widening the reach: a few sorts over a whole zoom, not one per row crossed.
  rows = Math.max(rows, 2 * (kept?.rows ?? 0), MIN_ORDER_ROWS);
  const offsets: { side: number; row: number; dx: number; dy: number; distance: number }[] = [];
  for (let row = -rows; row <= rows; row++) {
    for (let side = -2; side <= 2; side++) {
      const dx = side * sideStep, dy = row * rowStep;
      offsets.push({ side, row, dx, dy, distance: Math.hypot(dx, dy) });
    }
  }
  offsets.sort((a, b) => a.distance - b.distance || a.dy - b.dy || a.dx - b.dx);
  const order = new Int32Array(offsets.length * 2);
  offsets.forEach(({ side, row }, i) => {
    order[i * 2] = side;
    order[i * 2 + 1] = row;
  });
  if (!kept && offsetOrdersKept >= OFFSET_ORDERS_KEPT) {
    offsetOrders.clear();
    offsetOrdersKept = 0;
    bySide = undefined;
  }
  if (!bySide) offsetOrders.set(rowStep, (bySide = new Map()));
  if (!bySide.has(sideStep)) offsetOrdersKept++;
  bySide.set(sideStep, { rows, order });
  return order;
}

/**
 * Each community of a tree as one small whole number, levelStart[level] + id (levels' counts
 * added up): a key the names' maps hash as it is. level * 2^32 + id was a double for every level
 * but the first, which a Set or Map holds as a new heap number at each add.
 */
function levelStartsOf(tree: ConstellationTree): Uint32Array {
  const starts = new Uint32Array(tree.radii.length);
  for (let level = 1; level < tree.radii.length; level++) starts[level] = starts[level - 1] + tree.radii[level - 1].length;
  return starts;
}

/** What the names count for the engine's work stats: communities walked, choices made, places tried. */
export interface ConstellationNameCounts extends ConstellationWalkCounts {
  constellationChoices: number;
  constellationPlacesTried: number;
}

/** Fading and constellation names are fitted without the density test (one object, not one a frame). */
const NO_DENSITY: FitOptions = { density: false };

/** The star shaders' field of view when the camera does not say (docs/rules.md#renderer: 45 degrees). */
const DEFAULT_Y_SCALE = 1 / Math.tan(Math.PI / 8);

/**
 * Constellation names for the star names' engine (src/labels/starLabels.ts): it chooses them
 * (src/constellations/constellationNames.ts), places them centred on their community, through the
 * same grid as the star names (which goes first is the engine's call: from afar they do), and
 * fades them. Texts are rasterised into the same atlas by the engine, as star names are.
 */
export class ConstellationLabels {
  private tree: ConstellationTree | undefined;
  /** Per level of the tree, the key of its community 0 (levelStartsOf). */
  private levelStart: Uint32Array = new Uint32Array(0);
  /** The names drawn or fading, by key, and the same in the order they came (the order they are drawn in, walked without an iterator). */
  private states = new Map<number, ConstellationState>();
  private readonly stateList: ConstellationState[] = [];
  /** The camera as the choice reads it, written in place each frame. */
  private readonly view = { viewProjection: [] as ArrayLike<number>, cssWidth: 0, cssHeight: 0, focalCssPx: 0 };
  /**
   * The last choice and the view it is for (view-projection, CSS size, focal length): the frames of
   * a fade, or of new names arriving, with the camera still, choose the same again. Each choice is
   * written over the last (no object per name or per choice). While the camera moves, a choice made
   * under CONSTELLATION_CHOICE_MOVING_INTERVAL_MS ago, or fewer than CONSTELLATION_CHOICE_MOVING_FRAMES
   * frames ago, is followed to the new view instead (`followed`: names may be missing from it), and
   * the next frame of a camera at rest chooses afresh.
   */
  private readonly choice = new ConstellationChoice();
  private readonly chosenFor = new Float64Array(19);
  private chosenValid = false;
  private chosenAt = 0;
  private followed = false;
  /** Frames since the choice (the one that made it not counted). */
  private framesSinceChoice = 0;
  /** frame()'s count, stamped on the states placed in it (whether a state is placed this frame, without a set of keys). */
  private frameCount = 0;
  /** The states placed this frame, in the order placed (emptied at each frame). */
  private readonly placedStates: ConstellationState[] = [];
  /** placed()'s list, built when asked for (tests read it), not each frame. */
  private placedList: PlacedConstellation[] | undefined = [];
  private wanted = new Set<string>();
  /**
   * Display text by community key: the same few names are chosen frame after frame, and each name
   * cut out of its NameColumn is a new string (hashed anew were it the key), displayText four replaces.
   */
  private texts = new Map<number, string>();
  /** frame()'s grid while it places names (fitsFrameGrid reads it). */
  private frameGrid: PlacementGrid | undefined;
  /** firstStackedPlace's test, one function for every name of every frame. */
  private readonly fitsFrameGrid = (box: Readonly<LabelBox>): boolean => {
    if (this.counts) this.counts.constellationPlacesTried++;
    return this.frameGrid!.fits(box, NO_DENSITY);
  };
  /** The name placeStacked places, rewritten for each, and where it writes the place found (copied into the name's state). */
  private readonly toPlace: StackedName = { x: 0, y: 0, width: 0, height: 0, reachCssPx: 0 };
  private readonly found: LabelBox = { x: 0, y: 0, width: 0, height: 0 };

  constructor(
    /** Counts the communities each choice looks at, the choices and the places tried (the engine's work stats; none by default). */
    private readonly counts?: ConstellationNameCounts,
  ) {}

  setTree(tree: ConstellationTree | undefined): void {
    this.tree = tree;
    this.levelStart = tree ? levelStartsOf(tree) : new Uint32Array(0);
    this.texts.clear();
    this.states.clear();
    this.stateList.length = 0;
    this.placedStates.length = 0;
    this.placedList = [];
    this.wanted.clear();
    this.chosenValid = false;
    this.followed = false;
    this.choice.length = 0;
  }

  get hasTree(): boolean {
    return this.tree !== undefined;
  }

  /** True when the camera is outside the galaxy: constellation names then take their places before star names. */
  takePrecedence(camera: ConstellationCamera): boolean {
    const tree = this.tree;
    if (!tree) return false;
    const c = camera.position, g = tree.centre;
    return Math.hypot(c[0] - g[0], c[1] - g[1], c[2] - g[2]) > tree.radius;
  }

  /** Texts wanted on screen that are not in the atlas yet (the engine rasterises them). */
  textsToRasterise(): ReadonlySet<string> {
    return this.wanted;
  }

  /** Texts drawn or fading: the atlas keeps them when it makes room. */
  *textsInUse(): Iterable<string> {
    for (const state of this.stateList) yield state.text;
    yield* this.wanted;
  }

  /** The names placed by the last frame, as it left them. */
  placed(): readonly PlacedConstellation[] {
    if (this.placedList) return this.placedList;
    const names = this.tree?.names;
    this.placedList = this.placedStates.map(({ level, id, box, entry, opacity, strength }) => ({
      level,
      id,
      name: names?.[level].at(id) ?? '',
      text: entry?.text ?? '',
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      opacity: opacity * strength,
    }));
    return this.placedList;
  }

  /**
   * Chooses and places the names for the camera now (none while `wantNames` is false); `draw` writes each one's quad (box, atlas
   * entry, opacity owner, scale). Names no longer chosen fade out where they are while nothing
   * placed covers them. Returns whether a fade is under way.
   */
  frame(
    camera: ConstellationCamera,
    grid: PlacementGrid,
    /** False while names are hidden (N): those drawn fade out. */
    wantNames: boolean,
    entryOf: (text: string) => AtlasEntry | undefined,
    draw: (box: LabelBox, entry: AtlasEntry, opacity: number) => void,
    dt: number,
    /** The frame's time (ms), for how old the choice is. */
    now: number,
  ): boolean {
    const tree = this.tree;
    this.wanted.clear();
    const placed = this.placedStates;
    placed.length = 0;
    this.placedList = undefined;
    const frame = ++this.frameCount;
    if (tree && wantNames) {
      const yScale = camera.projection?.[5] ?? DEFAULT_Y_SCALE;
      const view = this.view;
      view.viewProjection = camera.viewProjection;
      view.cssWidth = camera.cssWidth;
      view.cssHeight = camera.cssHeight;
      view.focalCssPx = (camera.cssHeight / 2) * yScale;
      const choice = this.choose(tree, view, now);
      this.frameGrid = grid;
      for (let k = 0; k < choice.length; k++) {
        const level = choice.level[k], id = choice.id[k], strength = choice.strength[k];
        const key = this.levelStart[level] + id;
        const text = this.textOf(key, tree, level, id);
        const entry = entryOf(text);
        if (!entry) {
          this.wanted.add(text);
          continue;
        }
        const name = this.toPlace;
        name.x = choice.x[k];
        name.y = choice.y[k];
        name.width = entry.cssWidth * CONSTELLATION_FONT_SCALE;
        name.height = entry.cssHeight * CONSTELLATION_FONT_SCALE;
        name.reachCssPx = choice.span[k] * Math.min(camera.cssWidth, camera.cssHeight) * NAME_REACH;
        // Every place spans the centre, moved at most the reach up or down: under a panel, none fits.
        if (grid.panelCovers(name.x, name.y - name.reachCssPx, name.x, name.y + name.reachCssPx)) continue;
        const box = placeStacked(name, this.fitsFrameGrid, this.found);
        if (!box) continue;
        let state = this.states.get(key);
        if (state) {
          state.box.x = box.x;
          state.box.y = box.y;
          state.box.width = box.width;
          state.box.height = box.height;
          state.text = text;
          state.strength = strength;
        } else {
          state = { key, level, id, text, box: { x: box.x, y: box.y, width: box.width, height: box.height }, entry, opacity: 0, strength, placedIn: frame };
          this.states.set(key, state);
          this.stateList.push(state);
        }
        state.entry = entry;
        state.placedIn = frame;
        grid.add(state.box, false);
        placed.push(state);
      }
      this.frameGrid = undefined;
    }
    let animating = false;
    const step = dt / LABEL_FADE_MS;
    const list = this.stateList;
    let kept = 0;
    for (let i = 0; i < list.length; i++) {
      const state = list[i];
      if (state.placedIn !== frame) {
        state.entry = entryOf(state.text);
        if (state.opacity <= 0 || !state.entry || !grid.fits(state.box, NO_DENSITY)) {
          this.states.delete(state.key);
          continue;
        }
        grid.add(state.box, false);
      }
      list[kept++] = state;
      const target = state.placedIn === frame ? 1 : 0;
      if (state.opacity !== target) {
        state.opacity = target > state.opacity ? Math.min(1, state.opacity + step) : Math.max(0, state.opacity - step);
        animating = true;
      }
      if (state.entry) draw(state.box, state.entry, state.opacity * state.strength);
    }
    list.length = kept;
    // A choice followed to this view may lack names: a frame more chooses for the camera at rest.
    return animating || (this.followed && tree !== undefined && wantNames);
  }

  /**
   * The constellations to name for `view`: the last choice where it is for this view; while the
   * camera moves (the view is not the last frame's) and the choice is recent, that choice followed
   * to this view; else chooseConstellationsInto.
   */
  private choose(tree: ConstellationTree, view: ConstellationView, now: number): ConstellationChoice {
    const kept = this.chosenFor, m = view.viewProjection;
    let same = this.chosenValid && kept[16] === view.cssWidth && kept[17] === view.cssHeight && kept[18] === view.focalCssPx;
    for (let i = 0; same && i < 16; i++) same = kept[i] === m[i];
    this.framesSinceChoice++;
    if (same && !this.followed) return this.choice;
    // The same view as the last frame's with a followed choice: the camera rests, choose for it.
    const moving = !same;
    for (let i = 0; i < 16; i++) kept[i] = m[i];
    kept[16] = view.cssWidth;
    kept[17] = view.cssHeight;
    kept[18] = view.focalCssPx;
    const recent = now >= this.chosenAt && now - this.chosenAt < CONSTELLATION_CHOICE_MOVING_INTERVAL_MS;
    if (moving && this.chosenValid && (recent || this.framesSinceChoice < CONSTELLATION_CHOICE_MOVING_FRAMES)) {
      followConstellations(tree, view, this.choice);
      this.followed = true;
      return this.choice;
    }
    chooseConstellationsInto(tree, view, CONSTELLATION_BUDGET, this.choice, this.counts);
    if (this.counts) this.counts.constellationChoices++;
    this.chosenValid = true;
    this.chosenAt = now;
    this.followed = false;
    this.framesSinceChoice = 0;
    return this.choice;
  }

  /** The display text of community `id` at `level`, whose key is `key`: worked out once while names are kept. */
  private textOf(key: number, tree: ConstellationTree, level: number, id: number): string {
    let text = this.texts.get(key);
    if (text === undefined) {
      if (this.texts.size >= 4096) this.texts.clear();
      text = displayText(tree.names[level].at(id) ?? '');
      this.texts.set(key, text);
    }
    return text;
  }
}
