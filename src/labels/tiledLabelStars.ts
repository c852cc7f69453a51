import type { StarCatalog } from '../data/starCatalog';
import type { TiledStars } from '../stars/tiledStars';
import type { LabelStars } from './starLabels';

/** Where a tiled galaxy's names come from: its catalog, shard by shard. */
export type StarNames = Pick<StarCatalog, 'labelOf' | 'onChange'>;

/**
 * A tiled galaxy's resident stars as the names see them: the pool's slots with the scene's drawn
 * sizes, each slot named through its star number once that star's label shard is in.
 */
export function tiledLabelStars(stars: TiledStars, sizes: Float32Array, names: StarNames): LabelStars {
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
