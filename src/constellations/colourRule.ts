import { DEFAULT_STAR_COLOR } from '../renderer/starAttributes';
import { NO_COMMUNITY, type ConstellationRef, type Constellations } from './constellations';
import { constellationColour } from './constellationColour';

/**
 * The one colour rule of the stars (docs/decisions.md "Constellation colours"): with colour by
 * community on, a star takes the palette colour of its top-level constellation (communities.json's
 * "colour", or by size order in a file without it); stars without links, a star whose community is
 * not known and every star with colour off stay white. Hover, selection and search highlights are
 * drawn over this base colour by the scene.
 */

/** The drawn colour (0xRRGGBBAA) of each finest-level community, or undefined with colour off. */
export function finestCommunityColours(constellations: Constellations | undefined, colourOn: boolean): Uint32Array | undefined {
  if (!constellations || !colourOn || constellations.levels.length === 0) return undefined;
  const top = constellations.levels.length - 1;
  const topLevel = constellations.levels[top];
  const finest = constellations.levels[0];
  const topColours = new Uint32Array(topLevel.count);
  for (let c = 0; c < topLevel.count; c++) {
    topColours[c] = c === topLevel.unlinked ? DEFAULT_STAR_COLOR : constellationColour(topLevel, c);
  }
  const colours = new Uint32Array(finest.count);
  for (let c = 0; c < finest.count; c++) {
    const constellation = constellations.communityAt(c, top);
    colours[c] = constellation < topLevel.count ? topColours[constellation] : DEFAULT_STAR_COLOR;
  }
  return colours;
}

/** The base colour of a star in finest community `community` (NO_COMMUNITY: unknown). */
export function baseStarColour(colours: Uint32Array | undefined, community: number | undefined): number {
  if (!colours || community === undefined || community === NO_COMMUNITY || community >= colours.length) return DEFAULT_STAR_COLOR;
  return colours[community];
}

/** 1 for each finest-level community inside the constellation `ref`, 0 elsewhere. */
export function constellationMembers(constellations: Constellations, ref: ConstellationRef): Uint8Array {
  const finest = constellations.levels[0]?.count ?? 0;
  const members = new Uint8Array(finest);
  if (ref.level < 0 || ref.level >= constellations.levels.length) return members;
  for (let c = 0; c < finest; c++) if (constellations.communityAt(c, ref.level) === ref.id) members[c] = 1;
  return members;
}

/** How much the stars outside a highlighted constellation are dimmed (their colour times this), and its stars enlarged. */
export const OUTSIDE_HIGHLIGHT_DIMMING = 0.25;
export const HIGHLIGHTED_CONSTELLATION_SIZE_FACTOR = 1.5;

/** A colour with its red, green and blue times `factor` (alpha kept). */
export function dimmed(colour: number, factor: number): number {
  const r = Math.round(((colour >>> 24) & 255) * factor);
  const g = Math.round(((colour >>> 16) & 255) * factor);
  const b = Math.round(((colour >>> 8) & 255) * factor);
  return ((r << 24) | (g << 16) | (b << 8) | (colour & 255)) >>> 0;
}
