import type { StarCatalog } from '../data/starCatalog';
import type { StarSource } from '../stars/starSource';
import type { LabelStars } from './starLabels';

/** Where a galaxy's names come from: its catalog (a tiled galaxy's shard by shard). */
export type StarNames = Pick<StarCatalog, 'labelOf' | 'onChange'>;

/**
 * A star source's stars as the names see them: its slots with the scene's drawn sizes, each slot
 * named through its star number once that star's name is in.
 */
export function sourceLabelStars(stars: StarSource, sizes: Float32Array, names: StarNames): LabelStars {
  return {
    positions: stars.positions,
    sizes,
    name: (slot) => {
      const star = stars.starOfSlot(slot);
      return star < 0 ? undefined : names.labelOf(star);
    },
    starOfSlot: (slot) => stars.starOfSlot(slot),
    slotOfStar: (star) => stars.slotOfStar(star),
    drawnCells: () => stars.drawnCells(),
  };
}
