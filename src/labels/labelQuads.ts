/** What a renderer needs to draw star names: the atlas and one screen-space quad per name. */
export interface LabelAtlasImage {
  /** One 8-bit distance value per texel, row by row. */
  data: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

export interface LabelQuads {
  atlas: LabelAtlasImage;
  /** Atlas rows written since the previous call; a renderer that has not seen this atlas uploads it all. */
  dirtyRows: { start: number; end: number };
  /** LABEL_QUAD_FLOATS floats per name: x, y, w, h (CSS px), u0, v0, u1, v1, fill r, g, b (0..1), opacity. */
  quads: Float32Array<ArrayBuffer>;
  count: number;
}

/** Rows a renderer must upload: everything for an atlas it has not seen, else the dirty rows. */
export function rowsToUpload(labels: LabelQuads, seen: LabelAtlasImage | undefined): { start: number; end: number } {
  if (seen !== labels.atlas) return { start: 0, end: labels.atlas.height };
  return labels.dirtyRows;
}
