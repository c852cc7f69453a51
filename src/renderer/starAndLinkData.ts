import type { IndexRange, LinkColours, Renderer } from './types';
import type { StarCells } from './starCells';

/** What both backends' star stores offer: buffers by slot, drawn through cells. */
export interface StarStore {
  set(positions: Float32Array, colors: Uint8Array, sizes: Float32Array, cells: StarCells): void;
  setCells(cells: StarCells): void;
  updateStars(start: number, count: number, positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void;
  updateColors(colors: Uint8Array, start: number, count: number): void;
  updateSizes(sizes: Float32Array, start: number, count: number): void;
  updateFootprints(footprints: Float32Array, start: number, count: number): void;
}

export interface LinkStore {
  /** Pairs of star slots (positions in the star buffer), or undefined for no links. */
  set(slotPairs: Uint32Array | undefined): void;
  /** Renderer.writeLinks. */
  write(slotPairs: Uint32Array<ArrayBuffer>, changed: readonly IndexRange[]): void;
  setColours(colours: LinkColours): void;
}

/** The data half of a Renderer, the same for WebGPU and WebGL2: stars and links by slot. */
export function starAndLinkData(
  points: StarStore,
  links: LinkStore,
): Pick<Renderer, 'setStars' | 'setStarCells' | 'updateStars' | 'updateStarColors' | 'updateStarSizes' | 'updateStarFootprints' | 'setLinks' | 'writeLinks' | 'setLinkColours'> {
  return {
    setStars: (positions, colors, sizes, cells) => points.set(positions, colors, sizes, cells),
    setStarCells: (cells) => points.setCells(cells),
    updateStars: (start, count, positions, colors, sizes) => points.updateStars(start, count, positions, colors, sizes),
    updateStarColors: (colors, start, count) => points.updateColors(colors, start, count),
    updateStarSizes: (sizes, start, count) => points.updateSizes(sizes, start, count),
    updateStarFootprints: (footprints, start, count) => points.updateFootprints(footprints, start, count),
    setLinks: (pairs) => links.set(pairs),
    writeLinks: (pairs, changed) => links.write(pairs, changed),
    setLinkColours: (colours) => links.setColours(colours),
  };
}
