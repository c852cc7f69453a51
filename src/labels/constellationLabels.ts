import { type ChosenConstellation, chooseConstellations, type ConstellationTree, type ConstellationView, type ConstellationWalkCounts } from '../constellations/constellationNames';
import { CONSTELLATION_BUDGET, CONSTELLATION_FONT_SCALE, LABEL_FADE_MS, LABEL_MARGIN_CSS_PX } from './constants';
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

/** A constellation name on screen or fading, by stateKey(level, id). */
interface ConstellationState {
  level: number;
  id: number;
  text: string;
  box: LabelBox;
  opacity: number;
  strength: number;
  shown: boolean;
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
    if (fits(box)) return { x: box.x, y: box.y, width, height };
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

/** A constellation's key among the names shown or fading: its level (under 256) and id (under 2^32), one exact number. */
function stateKey(level: number, id: number): number {
  return level * 0x1_0000_0000 + id;
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
  private states = new Map<number, ConstellationState>();
  /** frame()'s scratch, emptied at each frame: the names chosen and placed this frame, by stateKey. */
  private readonly shown = new Set<number>();
  /** The camera as the choice reads it, written in place each frame. */
  private readonly view = { viewProjection: [] as ArrayLike<number>, cssWidth: 0, cssHeight: 0, focalCssPx: 0 };
  /**
   * The last choice and the view it was made for (view-projection, CSS size, focal length): the
   * frames of a fade, or of new names arriving, with the camera still, choose the same again.
   */
  private chosen: readonly ChosenConstellation[] = [];
  private readonly chosenFor = new Float64Array(19);
  private chosenValid = false;
  private placedNow: PlacedConstellation[] = [];
  private wanted = new Set<string>();
  /** Display text by name: the same few names are chosen frame after frame, and displayText runs four replaces. */
  private texts = new Map<string, string>();

  constructor(
    /** Counts the communities each choice looks at (the engine's work stats; none by default). */
    private readonly walkCounts?: ConstellationWalkCounts,
  ) {}

  setTree(tree: ConstellationTree | undefined): void {
    this.tree = tree;
    this.texts.clear();
    this.states.clear();
    this.placedNow = [];
    this.wanted.clear();
    this.chosenValid = false;
    this.chosen = [];
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
    for (const state of this.states.values()) yield state.text;
    yield* this.wanted;
  }

  placed(): readonly PlacedConstellation[] {
    return this.placedNow;
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
  ): boolean {
    const tree = this.tree;
    this.wanted.clear();
    const placed: PlacedConstellation[] = [];
    const shown = this.shown;
    shown.clear();
    const fit = NO_DENSITY;
    if (tree && wantNames) {
      const yScale = camera.projection?.[5] ?? DEFAULT_Y_SCALE;
      const view = this.view;
      view.viewProjection = camera.viewProjection;
      view.cssWidth = camera.cssWidth;
      view.cssHeight = camera.cssHeight;
      view.focalCssPx = (camera.cssHeight / 2) * yScale;
      for (const chosen of this.choose(tree, view)) {
        const key = stateKey(chosen.level, chosen.id);
        const text = this.textOf(chosen.name);
        const entry = entryOf(text);
        if (!entry) {
          this.wanted.add(text);
          continue;
        }
        const width = entry.cssWidth * CONSTELLATION_FONT_SCALE, height = entry.cssHeight * CONSTELLATION_FONT_SCALE;
        const box = firstStackedPlace(chosen.x, chosen.y, width, height, chosen.span * Math.min(camera.cssWidth, camera.cssHeight) * NAME_REACH, (candidate) => grid.fits(candidate, fit));
        if (!box) continue;
        grid.add(box, false);
        let state = this.states.get(key);
        if (state) {
          state.text = text;
          state.box = box;
          state.strength = chosen.strength;
          state.shown = true;
        } else {
          state = { level: chosen.level, id: chosen.id, text, box, opacity: 0, strength: chosen.strength, shown: true };
          this.states.set(key, state);
        }
        shown.add(key);
        placed.push({ level: chosen.level, id: chosen.id, name: chosen.name, text: entry.text, ...box, opacity: 0 });
      }
    }
    let animating = false;
    const step = dt / LABEL_FADE_MS;
    for (const [key, state] of this.states) {
      if (!shown.has(key)) {
        state.shown = false;
        const entry = entryOf(state.text);
        if (state.opacity <= 0 || !entry || !grid.fits(state.box, fit)) {
          this.states.delete(key);
          continue;
        }
        grid.add(state.box, false);
      }
      const target = state.shown ? 1 : 0;
      if (state.opacity !== target) {
        state.opacity = target > state.opacity ? Math.min(1, state.opacity + step) : Math.max(0, state.opacity - step);
        animating = true;
      }
      const entry = entryOf(state.text);
      if (entry) draw(state.box, entry, state.opacity * state.strength);
    }
    for (const label of placed) {
      const state = this.states.get(stateKey(label.level, label.id));
      label.opacity = state ? state.opacity * state.strength : 0;
    }
    this.placedNow = placed;
    return animating;
  }

  /** chooseConstellations for `view`, or the last choice where the view is the one it was made for. */
  private choose(tree: ConstellationTree, view: ConstellationView): readonly ChosenConstellation[] {
    const kept = this.chosenFor, m = view.viewProjection;
    let same = this.chosenValid && kept[16] === view.cssWidth && kept[17] === view.cssHeight && kept[18] === view.focalCssPx;
    for (let i = 0; same && i < 16; i++) same = kept[i] === m[i];
    if (same) return this.chosen;
    for (let i = 0; i < 16; i++) kept[i] = m[i];
    kept[16] = view.cssWidth;
    kept[17] = view.cssHeight;
    kept[18] = view.focalCssPx;
    this.chosen = chooseConstellations(tree, view, CONSTELLATION_BUDGET, this.walkCounts);
    this.chosenValid = true;
    return this.chosen;
  }

  private textOf(name: string): string {
    let text = this.texts.get(name);
    if (text === undefined) {
      if (this.texts.size >= 4096) this.texts.clear();
      text = displayText(name);
      this.texts.set(name, text);
    }
    return text;
  }
}
