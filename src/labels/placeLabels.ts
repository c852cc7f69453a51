import { LABEL_DENSITY_CELL_CSS_PX, LABEL_DENSITY_MAX_COVER, LABEL_GAP_CSS_PX, LABEL_MARGIN_CSS_PX, LABEL_PANEL_MARGIN_CSS_PX } from './constants';

/** Where a name sits beside its star: right, left, above or below it. */
export type Side = 0 | 1 | 2 | 3;
export const SIDES: readonly Side[] = [0, 1, 2, 3];

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacementRequest {
  id: number;
  /** Star centre and drawn radius, CSS pixels. */
  x: number;
  y: number;
  radius: number;
  /** Text box size, CSS pixels. */
  width: number;
  height: number;
  /** The side it had last frame: tried first, so a placed name keeps its place while it fits. */
  side?: Side;
}

export interface Placement extends LabelBox {
  id: number;
  side: Side;
}

/** The box of a name on one side of its star, GAP away from the star's edge. */
export function boxBeside(request: PlacementRequest, side: Side): LabelBox {
  return writeBoxBeside(request, side, { x: 0, y: 0, width: 0, height: 0 });
}

/**
 * Whether one of the grid's panels covers every side a name may take beside a star at (`x`, `y`)
 * of this radius: each side's box touches the point its gap away from the star on that side.
 */
export function panelCoversEverySide(grid: PlacementGrid, x: number, y: number, radius: number): boolean {
  const gap = radius + LABEL_GAP_CSS_PX;
  return grid.panelCovers(x - gap, y - gap, x + gap, y + gap);
}

/** boxBeside written into `box` (returned). */
function writeBoxBeside(request: PlacementRequest, side: Side, box: LabelBox): LabelBox {
  const { x, y, radius, width, height } = request;
  const gap = radius + LABEL_GAP_CSS_PX;
  box.width = width;
  box.height = height;
  switch (side) {
    case 0:
      box.x = x + gap;
      box.y = y - height / 2;
      break;
    case 1:
      box.x = x - gap - width;
      box.y = y - height / 2;
      break;
    case 2:
      box.x = x - width / 2;
      box.y = y - gap - height;
      break;
    default:
      box.x = x - width / 2;
      box.y = y + gap;
  }
  return box;
}

export function intersects(a: LabelBox, b: LabelBox, margin = 0): boolean {
  return a.x < b.x + b.width + margin && b.x < a.x + a.width + margin && a.y < b.y + b.height + margin && b.y < a.y + a.height + margin;
}

const CELL = 64;

/** How a box is tested: against the density of its square (star and constellation names) or not (a fading name, already drawn). */
export interface FitOptions {
  density?: boolean;
  /** Empty space kept from the other names (LABEL_MARGIN_CSS_PX unless given). */
  margin?: number;
}

/**
 * Name boxes placed so far on a screen, in a uniform grid of 64 px cells, so that a new box is
 * tested only against the boxes of the cells it touches; the page's panels (`keepClear`, CSS px of
 * the canvas), which no name may come near; and how much of each density square
 * (LABEL_DENSITY_CELL_CSS_PX) the names centred in it cover (docs/names.md#density).
 */
export class PlacementGrid {
  private cells = new Map<number, LabelBox[]>();
  private readonly densityColumns: number;
  private readonly covered: Float64Array;
  private readonly densityLimit = LABEL_DENSITY_CELL_CSS_PX * LABEL_DENSITY_CELL_CSS_PX * LABEL_DENSITY_MAX_COVER;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly keepClear: readonly LabelBox[] = [],
  ) {
    this.densityColumns = Math.max(1, Math.ceil(width / LABEL_DENSITY_CELL_CSS_PX));
    this.covered = new Float64Array(this.densityColumns * Math.max(1, Math.ceil(height / LABEL_DENSITY_CELL_CSS_PX)));
  }

  /** Whether this grid is for that screen and panels (a grid is kept between frames and cleared). */
  isFor(width: number, height: number, keepClear: readonly LabelBox[]): boolean {
    return width === this.width && height === this.height && keepClear === this.keepClear;
  }

  /** Empties the grid (no box placed, every density square empty), keeping its storage for the next frame. */
  clear(): void {
    for (const list of this.cells.values()) list.length = 0;
    this.covered.fill(0);
  }

  /** The density square a box's centre falls in. */
  private densityCell(box: LabelBox): number {
    const column = Math.min(this.densityColumns - 1, Math.max(0, Math.floor((box.x + box.width / 2) / LABEL_DENSITY_CELL_CSS_PX)));
    const rows = this.covered.length / this.densityColumns;
    const row = Math.min(rows - 1, Math.max(0, Math.floor((box.y + box.height / 2) / LABEL_DENSITY_CELL_CSS_PX)));
    return row * this.densityColumns + column;
  }

  /**
   * True when the box lies inside the screen, clear of the panels and of every placed box (with the
   * margins), and (unless `density` is false) its square is empty or has room for its area.
   */
  fits(box: LabelBox, options?: FitOptions): boolean {
    const density = options?.density ?? true, margin = options?.margin ?? LABEL_MARGIN_CSS_PX;
    // Written so that a box with a part that is not a number fits nowhere.
    if (!(box.x >= 0 && box.y >= 0 && box.x + box.width <= this.width && box.y + box.height <= this.height)) return false;
    if (density) {
      const covered = this.covered[this.densityCell(box)];
      if (covered > 0 && covered + box.width * box.height > this.densityLimit) return false;
    }
    for (const zone of this.keepClear) if (intersects(box, zone, LABEL_PANEL_MARGIN_CSS_PX)) return false;
    // Plain loops over the cells the box and its margin touch (a name in the next cell may come within the margin): this runs for every side of every name tried, every frame.
    const x0 = Math.floor((box.x - margin) / CELL), x1 = Math.floor((box.x + box.width + margin) / CELL);
    const y0 = Math.floor((box.y - margin) / CELL), y1 = Math.floor((box.y + box.height + margin) / CELL);
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const list = this.cells.get(cy * 4096 + cx);
        if (list) for (const other of list) if (intersects(box, other, margin)) return false;
      }
    }
    return true;
  }

  /**
   * True when one of the page's panels covers the whole rectangle from (`left`, `top`) to (`right`,
   * `bottom`): then every box holding a point of it overlaps that panel and fits nowhere, however
   * many such boxes are tried (a constellation name, whose every place spans its community's
   * centre, or a star name, whose every side touches a point its gap away from the star, under a
   * panel). Closed bounds hold because fits keeps LABEL_PANEL_MARGIN_CSS_PX (over 0) clear of each panel.
   */
  panelCovers(left: number, top: number, right: number, bottom: number): boolean {
    for (const zone of this.keepClear) if (zone.x <= left && right <= zone.x + zone.width && zone.y <= top && bottom <= zone.y + zone.height) return true;
    return false;
  }

  /** Takes `box`'s place; `countsForDensity` false leaves its square's density as it was (a constellation name, whose stars may still be named around it). */
  add(box: LabelBox, countsForDensity = true): void {
    if (countsForDensity) this.covered[this.densityCell(box)] += box.width * box.height;
    const x0 = Math.floor(box.x / CELL), x1 = Math.floor((box.x + box.width) / CELL);
    const y0 = Math.floor(box.y / CELL), y1 = Math.floor((box.y + box.height) / CELL);
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const key = cy * 4096 + cx;
        const list = this.cells.get(key);
        if (list) list.push(box);
        else this.cells.set(key, [box]);
      }
    }
  }
}

/**
 * Places names greedily in the order given (the caller puts the ones that must be named first,
 * then those placed last frame, then new ones): each on the first side that fits, its previous side
 * first. A name that fits nowhere is left out; at most `budget` are placed.
 */
export function placeLabels(requests: Iterable<PlacementRequest>, grid: PlacementGrid, budget: number): Placement[] {
  const placed: Placement[] = [];
  for (const request of requests) {
    if (placed.length >= budget) break;
    const placement = placeOne(request, grid);
    if (placement) placed.push(placement);
  }
  return placed;
}

/** SIDES with each side first, the others in their order: a name's order without two arrays per name per frame. */
const PREVIOUS_SIDE_FIRST: readonly (readonly Side[])[] = SIDES.map((first) => [first, ...SIDES.filter((s) => s !== first)]);

/**
 * The one box placeOne rewrites for each side it tries (`fits` does not keep it): a new box per side
 * tried, and another for the placement, were most of the bytes the star names' placement allocated a frame.
 */
const tried: LabelBox = { x: 0, y: 0, width: 0, height: 0 };

/** Places one name on the first side that fits (its previous side first) and records its box (the placement itself), or returns undefined. */
export function placeOne(request: PlacementRequest, grid: PlacementGrid, sides: readonly Side[] = SIDES, options?: FitOptions): Placement | undefined {
  const previous = request.side;
  const order = previous === undefined || sides[0] === previous ? sides : sides === SIDES ? PREVIOUS_SIDE_FIRST[previous] : [previous, ...sides.filter((s) => s !== previous)];
  for (const side of order) {
    const box = writeBoxBeside(request, side, tried);
    if (grid.fits(box, options)) {
      const placement: Placement = { id: request.id, side, x: box.x, y: box.y, width: box.width, height: box.height };
      grid.add(placement);
      return placement;
    }
  }
  return undefined;
}
