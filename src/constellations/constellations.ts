import type { CommunitiesJson, CommunityLevelJson } from '../communities/format';

/** A slot or star whose community is not known (an empty slot, a tile that carries none, a galaxy without communities). */
export const NO_COMMUNITY = 0xffffffff;

/** A community at one level of the hierarchy (docs/communities.md): level 0 is the finest. */
export interface ConstellationRef {
  level: number;
  id: number;
}

/**
 * A galaxy's constellations as the viewer holds them: communities.json's levels (names, sizes,
 * centres, parents). Each star's finest community comes with its stars: per slot from the star
 * source (`StarSource.communities`), per star from the catalog (`StarCatalog.communityOf`);
 * coarser levels follow the parents (`communityAt`).
 */
export class Constellations {
  constructor(readonly file: CommunitiesJson) {}

  get levels(): readonly CommunityLevelJson[] {
    return this.file.levels;
  }

  /** The community at `level` of a finest-level community `finest` (NO_COMMUNITY stays so). */
  communityAt(finest: number, level: number): number {
    let id = finest;
    for (let l = 0; l < level && id !== NO_COMMUNITY; l++) id = this.file.levels[l].parent?.[id] ?? NO_COMMUNITY;
    return id;
  }
}
