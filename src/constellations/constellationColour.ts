import { CONSTELLATION_PALETTE } from './palette';

/**
 * The colour (0xRRGGBBAA) of community `id` of a level: its palette entry from the level's optional
 * `colour` list, else by its size rank (ids are ordered by size, largest first) round the palette,
 * so that the biggest get the most distinct colours. One rule for the sky and the panels.
 */
export function constellationColour(level: { readonly colour?: ArrayLike<number> }, id: number): number {
  const entry = level.colour?.[id] ?? id;
  return CONSTELLATION_PALETTE[entry % CONSTELLATION_PALETTE.length];
}

/** A packed 0xRRGGBBAA colour as CSS "#rrggbb" (its alpha left out). */
export function cssColour(rgba: number): string {
  return `#${(rgba >>> 8).toString(16).padStart(6, '0')}`;
}
