import {
  LABEL_ATLAS_HEIGHT,
  LABEL_ATLAS_WIDTH,
  LABEL_FONT_CSS_PX,
  LABEL_MAX_WIDTH_CSS_PX,
  LABEL_RASTER_PX,
  LABEL_SDF_PADDING,
  LABEL_SDF_RADIUS,
} from './constants';
import { distanceField } from './distanceField';
import { fitText } from './labelText';

/** Height in atlas texels of every name's line of text (without padding). */
export const LINE_TEXELS = Math.ceil(LABEL_RASTER_PX * 1.35);
/** Atlas texels per CSS pixel at the drawn size. */
export const TEXELS_PER_CSS_PX = LABEL_RASTER_PX / LABEL_FONT_CSS_PX;

/** Draws text in the page's font; the browser's text engine shapes it (bidi, joining, marks, fallback fonts). */
export interface Rasterizer {
  /** Width in atlas texels of the text at LABEL_RASTER_PX. */
  measure(text: string): number;
  /**
   * Coverage 0..1 of `text` drawn with its left end at `padding` and centred vertically in `height`;
   * valid until the next draw.
   */
  draw(text: string, width: number, height: number, padding: number): Float32Array;
}

/** One name rasterised to a distance field of w x h texels, ready to pack. */
export interface RasterizedName {
  /** The text drawn (cut with an ellipsis when too long). */
  text: string;
  textTexels: number;
  w: number;
  h: number;
  field: Uint8Array;
}

/** Shapes, cuts and rasterises a name's display text into a distance field (main thread or worker). */
export function rasterizeName(rasterizer: Rasterizer, text: string): RasterizedName {
  const maxTexels = LABEL_MAX_WIDTH_CSS_PX * TEXELS_PER_CSS_PX;
  const fitted = fitText(text, maxTexels, (t) => rasterizer.measure(t));
  const textTexels = Math.min(Math.ceil(rasterizer.measure(fitted)), Math.ceil(maxTexels));
  const w = Math.max(1, textTexels) + 2 * LABEL_SDF_PADDING;
  const h = LINE_TEXELS + 2 * LABEL_SDF_PADDING;
  const field = distanceField(rasterizer.draw(fitted, w, h, LABEL_SDF_PADDING), w, h, LABEL_SDF_RADIUS);
  return { text: fitted, textTexels, w, h, field };
}

/** Where one name sits in the atlas, and the size of its text box in CSS pixels. */
export interface AtlasEntry {
  /** Texel rectangle, padding included. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** The text box (no padding) in CSS pixels at the drawn size. */
  cssWidth: number;
  cssHeight: number;
  /** The text drawn (cut with an ellipsis when too long). */
  text: string;
}

/**
 * One 8-bit texture holding a signed distance field of every name in use, packed on shelves of one
 * line height. Names are rasterised whole, so the browser shapes them (right-to-left scripts, joined
 * letters, combining marks, fallback fonts for CJK, tofu boxes for what no font has). When full,
 * the names still in use are packed again from the top and the others dropped (compact); only when
 * those alone do not fit is it cleared and names drawn again as they are asked for.
 */
export class LabelAtlas {
  readonly width = LABEL_ATLAS_WIDTH;
  readonly height = LABEL_ATLAS_HEIGHT;
  private texels: Uint8Array<ArrayBuffer> = new Uint8Array(LABEL_ATLAS_WIDTH * LABEL_ATLAS_HEIGHT);
  /** Bumped when the atlas is cleared or compacted: entries from an older generation are gone or moved. */
  generation = 0;
  private entries = new Map<string, AtlasEntry>();
  private shelfX = 0;
  private shelfY = 0;
  private dirtyStart = Infinity;
  private dirtyEnd = 0;

  /** `rasterizer` draws names asked for at once (hovered, selected); others may come from a worker. */
  constructor(private readonly rasterizer: Rasterizer) {}

  /** One 8-bit distance value per texel, row by row. */
  get data(): Uint8Array<ArrayBuffer> {
    return this.texels;
  }

  /** Rows from the top that hold names; below them every texel is 0. */
  get usedRows(): number {
    return this.shelfX === 0 && this.shelfY === 0 ? 0 : Math.min(this.height, this.shelfY + LINE_TEXELS + 2 * LABEL_SDF_PADDING);
  }

  get(name: string): AtlasEntry | undefined {
    return this.entries.get(name);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Rasterises a name (its display text) here and returns its entry, or undefined when the atlas is full. */
  add(name: string, text: string): AtlasEntry | undefined {
    return this.entries.get(name) ?? this.insert(name, rasterizeName(this.rasterizer, text));
  }

  /** Packs a name rasterised elsewhere (the raster worker); undefined when the atlas is full. */
  insert(name: string, raster: RasterizedName): AtlasEntry | undefined {
    const known = this.entries.get(name);
    if (known) return known;
    const { w, h, field } = raster;
    if (this.shelfX + w > this.width) {
      this.shelfX = 0;
      this.shelfY += h;
    }
    if (this.shelfY + h > this.height) return undefined;
    const x = this.shelfX, y = this.shelfY;
    for (let row = 0; row < h; row++) this.texels.set(field.subarray(row * w, row * w + w), (y + row) * this.width + x);
    this.shelfX += w;
    // And the row below, all 0 here: after compact() the GPU may still hold old names there, which filtering at this name's lower edge reaches.
    this.markDirty(y, Math.min(this.height, y + h + 1));
    const entry: AtlasEntry = {
      x, y, w, h,
      cssWidth: raster.textTexels / TEXELS_PER_CSS_PX,
      cssHeight: LINE_TEXELS / TEXELS_PER_CSS_PX,
      text: raster.text,
    };
    this.entries.set(name, entry);
    return entry;
  }

  clear(): void {
    const usedRows = this.usedRows;
    this.entries.clear();
    this.texels.fill(0, 0, usedRows * this.width);
    this.shelfX = 0;
    this.shelfY = 0;
    this.generation++;
    this.markDirty(0, usedRows);
  }

  /**
   * Packs the names `keep` says are in use again from the top, in their order, and drops the others,
   * so that a long flight does not clear the names on screen. Returns false, changing nothing, when
   * the kept names alone would not leave room for one more shelf.
   */
  compact(keep: (name: string) => boolean): boolean {
    const kept = [...this.entries].filter(([name]) => keep(name));
    const moved: Array<[string, AtlasEntry]> = [];
    /** Where each shelf but the last ends: old texels right of it are cleared once the names have moved. */
    const shelfEnds: Array<{ y: number; x: number }> = [];
    let x = 0, y = 0;
    for (const [name, entry] of kept) {
      if (x + entry.w > this.width) {
        shelfEnds.push({ y, x });
        x = 0;
        y += entry.h;
      }
      moved.push([name, { ...entry, x, y }]);
      x += entry.w;
    }
    const shelf = LINE_TEXELS + 2 * LABEL_SDF_PADDING;
    if (y + 2 * shelf > this.height) return false;
    // In place: every shelf is one line high and the kept names keep their order, so each moves up or
    // left, onto texels no kept name still to move holds (copyWithin copies overlapping rows safely).
    // Kept neighbours that stay neighbours move as one block.
    const texels = this.texels, width = this.width;
    for (let i = 0, next = 1; i < moved.length; i = next, next = i + 1) {
      const from = kept[i][1], to = moved[i][1];
      let w = from.w;
      for (; next < moved.length; next++) {
        const nextFrom = kept[next][1], nextTo = moved[next][1];
        if (nextFrom.y !== from.y || nextFrom.x !== from.x + w || nextTo.y !== to.y || nextTo.x !== to.x + w) break;
        w += nextFrom.w;
      }
      if (from.x === to.x && from.y === to.y) continue;
      for (let row = 0; row < from.h; row++) {
        const source = (from.y + row) * width + from.x;
        texels.copyWithin((to.y + row) * width + to.x, source, source + w);
      }
    }
    const usedBefore = this.usedRows;
    this.entries = new Map(moved);
    this.shelfX = x;
    this.shelfY = y;
    // What is left of each shelf, and the rows below the last one that held names.
    shelfEnds.push({ y, x });
    for (const end of shelfEnds) {
      for (let row = end.y; row < Math.min(end.y + shelf, usedBefore); row++) texels.fill(0, row * width + end.x, (row + 1) * width);
    }
    texels.fill(0, (y + shelf) * width, usedBefore * width);
    this.generation++;
    // Only the rows in use now and the one below (filtering at a name's lower edge reaches it); the GPU
    // keeps old texels further down, which no name reaches until insert() uploads its rows again.
    this.markDirty(0, Math.min(this.height, this.usedRows + 1));
    return true;
  }

  private markDirty(start: number, end: number): void {
    this.dirtyStart = Math.min(this.dirtyStart, start);
    this.dirtyEnd = Math.max(this.dirtyEnd, end);
  }

  /** Texel rows written since the last call ({start, end} with start >= end when none). */
  takeDirtyRows(): { start: number; end: number } {
    const rows = { start: Math.min(this.dirtyStart, this.height), end: this.dirtyEnd };
    this.dirtyStart = Infinity;
    this.dirtyEnd = 0;
    return rows;
  }
}

/** A Rasterizer drawing with a 2D canvas in the given CSS font family (the page's). */
export function canvasRasterizer(fontFamily: string): Rasterizer {
  const canvas: OffscreenCanvas | HTMLCanvasElement =
    typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(16, 16) : document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error('No 2D canvas to draw star names with');
  const font = `${LABEL_RASTER_PX}px ${fontFamily}`;
  const setUp = () => {
    context.font = font;
    context.textBaseline = 'middle';
    context.textAlign = 'left';
    context.fillStyle = '#fff';
  };
  setUp();
  // Reused from name to name (the caller turns it into a field before the next draw).
  let coverage = new Float32Array(0);
  return {
    measure: (text) => context.measureText(text).width,
    draw(text, width, height, padding) {
      if (canvas.width < width || canvas.height < height) {
        canvas.width = Math.max(canvas.width, width);
        canvas.height = Math.max(canvas.height, height);
        setUp();
      }
      context.clearRect(0, 0, width, height);
      context.save();
      context.beginPath();
      context.rect(0, 0, width, height);
      context.clip();
      context.fillText(text, padding, height / 2);
      context.restore();
      const pixels = context.getImageData(0, 0, width, height).data;
      if (coverage.length < width * height) coverage = new Float32Array(width * height);
      const drawn = coverage.subarray(0, width * height);
      for (let i = 0; i < drawn.length; i++) drawn[i] = pixels[i * 4 + 3] / 255;
      return drawn;
    },
  };
}
