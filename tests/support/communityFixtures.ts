import { COMMUNITIES_FORMAT, encodeCommunityStars, type CommunitiesJson, type CommunityLevelJson } from '../../src/communities/format';

function level(count: number, size: number[], extra: Partial<CommunityLevelJson>): CommunityLevelJson {
  return {
    count,
    resolution: 1,
    modularity: 0.5,
    unlinked: null,
    size,
    centre: Array.from({ length: count * 3 }, () => 0),
    name: Array.from({ length: count }, (_, c) => `community ${c}`),
    top: Array.from({ length: count }, () => []),
    ...extra,
  };
}

/**
 * Six stars: finest communities 0 (stars 0, 1), 1 (2, 3), 2 (4) and the unlinked 3 (5); at the top
 * level 0 and 1 are one constellation (0), 2 another (1), the unlinked apart (2).
 */
export const STAR_COMMUNITIES = Uint32Array.from([0, 0, 1, 1, 2, 3]);

export function communitiesFile(options: { colour?: number[] } = {}): CommunitiesJson {
  return {
    format: COMMUNITIES_FORMAT,
    stars: 6,
    seed: 1,
    levels: [
      level(4, [2, 2, 1, 1], { unlinked: 3, parent: [0, 0, 1, 2] }),
      level(3, [4, 1, 1], { unlinked: 2, ...(options.colour && { colour: options.colour }) }),
    ],
  };
}

export function communitiesBin(stars: Uint32Array = STAR_COMMUNITIES): Uint8Array {
  return encodeCommunityStars(stars);
}
