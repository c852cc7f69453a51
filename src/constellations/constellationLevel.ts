import type { CommunityLevelJson } from '../communities/format';

/**
 * One level of communities.json as the viewer holds it (docs/communities.md#in-the-viewer): typed
 * columns in place of the file's per-community lists, so that a galaxy's constellations are a few
 * dozen objects whatever their number. Each column is as long as the file's list (readers treat a
 * missing entry as the file's absence of one, as before).
 */
export interface ConstellationLevel {
  readonly count: number;
  /** The resolution γ the level was found at; null for a top level that gathers small parts. */
  readonly resolution: number | null;
  readonly modularity: number;
  /** The community of every star without links, or null. */
  readonly unlinked: number | null;
  /** Each community's community at the next level; absent on the top level. */
  readonly parent?: Uint32Array;
  readonly size: Uint32Array;
  /** x, y, z of each community's centre, in positions.bin's units. */
  readonly centre: Float32Array;
  readonly name: readonly string[];
  /** Each community's palette entry, where the file gives them. */
  readonly colour?: Uint32Array;
  /** Each community's most depended-on stars (ids) run from topStart[c] to topStart[c + 1] in topStars. */
  readonly topStart: Uint32Array;
  readonly topStars: Uint32Array;
}

/** A level of a checked communities.json (parseCommunitiesJson) as columns; the JSON level is not kept. */
export function constellationLevel(json: CommunityLevelJson): ConstellationLevel {
  const topStart = new Uint32Array(json.top.length + 1);
  json.top.forEach((stars, c) => {
    topStart[c + 1] = topStart[c] + stars.length;
  });
  const topStars = new Uint32Array(topStart[json.top.length]);
  json.top.forEach((stars, c) => topStars.set(stars, topStart[c]));
  return {
    count: json.count,
    resolution: json.resolution,
    modularity: json.modularity,
    unlinked: json.unlinked,
    ...(json.parent && { parent: Uint32Array.from(json.parent) }),
    size: Uint32Array.from(json.size),
    centre: Float32Array.from(json.centre),
    name: json.name,
    ...(json.colour && { colour: Uint32Array.from(json.colour) }),
    topStart,
    topStars,
  };
}

/** Community `id`'s top stars (a view into the level's column; empty where the file gives none). */
export function topStarsOf(level: ConstellationLevel, id: number): Uint32Array {
  if (!(id >= 0 && id + 1 < level.topStart.length)) return level.topStars.subarray(0, 0);
  return level.topStars.subarray(level.topStart[id], level.topStart[id + 1]);
}
