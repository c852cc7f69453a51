import type { CommunityLevelJson } from '../communities/format';
import { NameColumn } from './nameColumn';

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
  readonly name: NameColumn;
  /** Each community's palette entry, where the file gives them. */
  readonly colour?: Uint32Array;
}

/** A level of a checked communities.json (parseCommunitiesJson) as columns; the JSON level is not kept. */
export function constellationLevel(json: CommunityLevelJson): ConstellationLevel {
  return {
    count: json.count,
    resolution: json.resolution,
    modularity: json.modularity,
    unlinked: json.unlinked,
    ...(json.parent && { parent: Uint32Array.from(json.parent) }),
    size: Uint32Array.from(json.size),
    centre: Float32Array.from(json.centre),
    name: new NameColumn(json.name),
    ...(json.colour && { colour: Uint32Array.from(json.colour) }),
  };
}
