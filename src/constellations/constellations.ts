import type { CommunitiesJson } from '../communities/format';
import { constellationLevel, type ConstellationLevel } from './constellationLevel';

/** A slot or star whose community is not known (an empty slot, a tile that carries none, a galaxy without communities). */
export const NO_COMMUNITY = 0xffffffff;

/** A community at one level of the hierarchy (docs/communities.md): level 0 is the finest. */
export interface ConstellationRef {
  level: number;
  id: number;
}

/**
 * A galaxy's constellations as the viewer holds them (docs/communities.md#in-the-viewer):
 * communities.json's levels (names, sizes, centres, parents, colours) as typed columns, read once
 * from the checked file, which is not kept. Each star's finest community comes with its stars: per
 * slot from the star source (`StarSource.communities`), per star from the catalog
 * (`StarCatalog.communityOf`); coarser levels follow the parents (`communityAt`).
 */
export class Constellations {
  /** The stars the communities were found over (communities.json's "stars"). */
  readonly stars: number;
  readonly levels: readonly ConstellationLevel[];

  constructor(file: CommunitiesJson) {
    this.stars = file.stars;
    this.levels = file.levels.map(constellationLevel);
  }

  /** The community at `level` of a finest-level community `finest` (NO_COMMUNITY stays so). */
  communityAt(finest: number, level: number): number {
    let id = finest;
    for (let l = 0; l < level && id !== NO_COMMUNITY; l++) id = this.levels[l].parent?.[id] ?? NO_COMMUNITY;
    return id;
  }
}
