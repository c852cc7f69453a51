import type { Renderer } from './types';
import type { StarCells, StarLayout } from './starCells';

/** What both backends' star stores offer: buffers kept in the cell order of `layout`. */
export interface StarStore {
  readonly layout: StarLayout | undefined;
  set(positions: Float32Array, colors: Uint8Array, sizes: Float32Array, cells?: StarCells): void;
  setCells(cells: StarCells): void;
  updateStars(start: number, count: number, positions: Float32Array, colors: Uint8Array, sizes: Float32Array): void;
  updateColors(colors: Uint8Array, start: number, count: number): void;
  updateSizes(sizes: Float32Array, start: number, count: number): void;
}

export interface LinkStore {
  /** Pairs of star slots (positions in the star buffer), or undefined for no links. */
  set(slotPairs: Uint32Array | undefined): void;
}

/**
 * The data half of a Renderer, the same for WebGPU and WebGL2: stars by id, and links re-indexed
 * into the star buffer's cell order whenever the stars or the links change.
 */
export function starAndLinkData(
  points: StarStore,
  links: LinkStore,
): Pick<Renderer, 'setStars' | 'setStarCells' | 'updateStars' | 'updateStarColors' | 'updateStarSizes' | 'setLinks'> {
  let linkPairs: Uint32Array | undefined;
  const linkSlots = () => (linkPairs && points.layout ? points.layout.slotPairs(linkPairs) : undefined);
  return {
    setStars(positions, colors, sizes, cells) {
      points.set(positions, colors, sizes, cells);
      links.set(linkSlots());
    },
    setStarCells: (cells) => points.setCells(cells),
    updateStars: (start, count, positions, colors, sizes) => points.updateStars(start, count, positions, colors, sizes),
    updateStarColors: (colors, start, count) => points.updateColors(colors, start, count),
    updateStarSizes: (sizes, start, count) => points.updateSizes(sizes, start, count),
    setLinks(pairs) {
      linkPairs = pairs;
      links.set(linkSlots());
    },
  };
}
