import type { SearchLimit } from './starSearch';

/** Whether a star of finest community `community` is inside the limit (NO_COMMUNITY and unknown ids are not). */
export function insideLimit(limit: SearchLimit, community: number | undefined): boolean {
  return community !== undefined && community < limit.finestMembers.length && limit.finestMembers[community] === 1;
}

/** The mask over a whole galaxy's stars that its search worker skips the others by: 1 for each star whose finest community is inside. */
export function starsInsideLimit(limit: SearchLimit, communities: Uint32Array | undefined, stars: number): Uint8Array {
  const members = new Uint8Array(stars);
  if (!communities) return members;
  const finest = limit.finestMembers;
  const n = Math.min(stars, communities.length);
  for (let star = 0; star < n; star++) {
    const community = communities[star];
    if (community < finest.length) members[star] = finest[community];
  }
  return members;
}
