import { constellationSizeText, nameWithoutSize } from '../ecosystems/constellationName';
import { constellationColour, cssColour } from './constellationColour';
import type { Constellations, ConstellationRef } from './constellations';

/** A constellation as the panels show it. */
export interface PresentedConstellation {
  ref: ConstellationRef;
  /** Its name without the size it ends with ("react · react-dom"), plain text. */
  name: string;
  /** The name as communities.json gives it ("react · react-dom · 12,345 packages"). */
  fullName: string;
  /** Its size in the ecosystem's words ("12,345 packages"). */
  size: string;
  /** Its colour as CSS ("#rrggbb"). */
  colour: string;
}

/** Whether two refs name the same constellation. */
export function sameConstellation(a: ConstellationRef | undefined, b: ConstellationRef | undefined): boolean {
  return a !== undefined && b !== undefined && a.level === b.level && a.id === b.id;
}

export function presentConstellation(constellations: Constellations, kind: string, ref: ConstellationRef): PresentedConstellation {
  const level = constellations.levels[ref.level];
  const stars = level?.size[ref.id] ?? 0;
  const size = constellationSizeText(kind, stars);
  const fullName = level?.name.at(ref.id) || `Constellation ${ref.id + 1}`;
  return { ref, name: nameWithoutSize(fullName, size), fullName, size, colour: level ? cssColour(constellationColour(level, ref.id)) : '#888888' };
}
