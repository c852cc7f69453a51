import { NO_COMMUNITY, type Constellations, type ConstellationRef } from './constellations';

/**
 * A mask over a galaxy's `stars`: 1 for each star in the constellation `ref`, found from each
 * star's finest community (`communityOf`; a star without one is in none). What a search limited
 * to the constellation matches against (docs/rules.md#search).
 */
export function constellationMembers(
  constellations: Constellations,
  communityOf: (star: number) => number | undefined,
  stars: number,
  ref: ConstellationRef,
): Uint8Array {
  const finest = constellations.levels[0];
  const inside = new Uint8Array(finest?.count ?? 0);
  for (let c = 0; c < inside.length; c++) inside[c] = constellations.communityAt(c, ref.level) === ref.id ? 1 : 0;
  const members = new Uint8Array(stars);
  for (let star = 0; star < stars; star++) {
    const community = communityOf(star) ?? NO_COMMUNITY;
    if (community < inside.length) members[star] = inside[community];
  }
  return members;
}

/**
 * The constellations a star with finest community `finest` belongs to, top level first. A level
 * whose community holds the same stars as the finer one below it (the same size, as a parent holds
 * its children) is left out: it would only repeat the name's stars.
 */
export function starConstellations(constellations: Constellations, finest: number): ConstellationRef[] {
  const levels = constellations.levels;
  if (finest === NO_COMMUNITY || levels.length === 0 || finest >= levels[0].count) return [];
  const refs: ConstellationRef[] = [];
  let previousSize = -1;
  for (let level = 0; level < levels.length; level++) {
    const id = constellations.communityAt(finest, level);
    if (id === NO_COMMUNITY || id >= levels[level].count) break;
    const size = levels[level].size[id];
    if (size === previousSize) refs.pop();
    refs.push({ level, id });
    previousSize = size;
  }
  return refs.reverse();
}
