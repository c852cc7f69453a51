import { LABEL_QUAD_FLOATS, LABEL_SDF_PADDING } from './constants';
import { type AtlasEntry, TEXELS_PER_CSS_PX } from './labelAtlas';

/** What a renderer needs to draw star names: the atlas and one screen-space quad per name. */
export interface LabelAtlasImage {
  /** One 8-bit distance value per texel, row by row. */
  data: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  /** Rows from the top that hold names; below them every texel is 0. */
  usedRows: number;
}

export interface LabelQuads {
  atlas: LabelAtlasImage;
  /** Atlas rows written since the previous call; a renderer that has not seen this atlas uploads its used rows. */
  dirtyRows: { start: number; end: number };
  /** LABEL_QUAD_FLOATS floats per name: x, y, w, h (CSS px), u0, v0, u1, v1, fill r, g, b (0..1), opacity. */
  quads: Float32Array<ArrayBuffer>;
  count: number;
}

/**
 * Rows a renderer must upload: for an atlas it has not seen, the rows holding names (a new texture is
 * all 0, like the rest of the atlas; the whole 8 MB took over 10 ms of main-thread CPU), else the dirty rows.
 */
export function rowsToUpload(labels: LabelQuads, seen: LabelAtlasImage | undefined): { start: number; end: number } {
  if (seen !== labels.atlas) return { start: 0, end: labels.atlas.usedRows };
  return labels.dirtyRows;
}

const CSS_PADDING = LABEL_SDF_PADDING / TEXELS_PER_CSS_PX;

/**
 * Writes the quad of one name at `index`: its atlas entry drawn so that the text box (no padding)
 * sits at `box` (CSS px), in colour 0xRRGGBBAA at `opacity`, `scale` times the star names' size.
 */
export function writeLabelQuad(
  quads: Float32Array,
  index: number,
  box: { x: number; y: number; height: number },
  entry: AtlasEntry,
  atlas: { width: number; height: number },
  color: number,
  opacity: number,
  scale = 1,
): void {
  const o = index * LABEL_QUAD_FLOATS;
  const texel = scale / TEXELS_PER_CSS_PX;
  quads[o] = box.x - CSS_PADDING * scale;
  quads[o + 1] = box.y + box.height / 2 - (entry.h * texel) / 2;
  quads[o + 2] = entry.w * texel;
  quads[o + 3] = entry.h * texel;
  quads[o + 4] = entry.x / atlas.width;
  quads[o + 5] = entry.y / atlas.height;
  quads[o + 6] = (entry.x + entry.w) / atlas.width;
  quads[o + 7] = (entry.y + entry.h) / atlas.height;
  quads[o + 8] = ((color >>> 24) & 255) / 255;
  quads[o + 9] = ((color >>> 16) & 255) / 255;
  quads[o + 10] = ((color >>> 8) & 255) / 255;
  quads[o + 11] = opacity;
}
