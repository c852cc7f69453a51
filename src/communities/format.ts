/**
 * docs/communities.md: the public files of a version's communities, beside the classic files:
 * communities.bin (uint32 little-endian per star: its community at the finest level) and
 * communities.json (the levels). Readers of the original format ignore both.
 */
import { PALETTE_SIZE } from '../constellations/palette';

export const COMMUNITIES_BIN = 'communities.bin';
export const COMMUNITIES_JSON = 'communities.json';
export const COMMUNITIES_FORMAT = 1;

export interface CommunityLevelJson {
  count: number;
  /** The resolution γ the level was found at; null for a top level that gathers small parts. */
  resolution: number | null;
  /** Modularity (γ = 1) of the level's partition of the stars. */
  modularity: number;
  /** The community of every star without links, or null. */
  unlinked: number | null;
  /** Each community's community at the next level; absent on the top level. */
  parent?: number[];
  size: number[];
  /** x, y, z of each community's centre (the mean of its stars), in positions.bin's units. */
  centre: number[];
  name: string[];
  /** Each community's most depended-on stars (ids), highest in-degree first. */
  top: number[][];
  /**
   * Each community's colour: an index into the viewer's constellation palette
   * (src/constellations/palette.ts), chosen on the community graph so that neighbours differ.
   * Optional: older files have none and the viewer falls back to the size order.
   */
  colour?: number[];
}

export interface CommunitiesJson {
  format: number;
  stars: number;
  seed: number;
  levels: CommunityLevelJson[];
}

/** A communities file that cannot be read at all; the message names what is wrong. */
export class CommunitiesFormatError extends Error {}

export function encodeCommunityStars(stars: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(stars.length * 4);
  const view = new DataView(bytes.buffer);
  for (let v = 0; v < stars.length; v++) view.setUint32(v * 4, stars[v], true);
  return bytes;
}

export function decodeCommunityStars(bytes: Uint8Array): Uint32Array {
  if (bytes.byteLength % 4 !== 0) throw new CommunitiesFormatError(`${COMMUNITIES_BIN} is ${bytes.byteLength} bytes, not a multiple of 4`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stars = new Uint32Array(bytes.byteLength / 4);
  for (let v = 0; v < stars.length; v++) stars[v] = view.getUint32(v * 4, true);
  return stars;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** An id or count the viewer holds in a Uint32Array column (src/constellations/constellationLevel.ts). */
const isUint32 = (value: unknown): value is number => isWhole(value) && value <= 0xffffffff;

function wholeList(value: unknown, what: string): number[] {
  if (!Array.isArray(value) || !value.every(isUint32)) throw new CommunitiesFormatError(`${COMMUNITIES_JSON}: ${what} is not a list of whole numbers`);
  return value;
}

/** communities.json's text checked for shape (not yet against the stars: see checkCommunities). */
export function parseCommunitiesJson(text: string): CommunitiesJson {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CommunitiesFormatError(`${COMMUNITIES_JSON} is not valid JSON (${(error as Error).message})`);
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.levels) || !isWhole(parsed.stars)) {
    throw new CommunitiesFormatError(`${COMMUNITIES_JSON} is not a communities file (needs "stars" and "levels")`);
  }
  if (parsed.format !== COMMUNITIES_FORMAT) throw new CommunitiesFormatError(`${COMMUNITIES_JSON} has format ${String(parsed.format)}; this reader knows ${COMMUNITIES_FORMAT}`);
  const levels = parsed.levels.map((level: unknown, l: number): CommunityLevelJson => {
    if (!isRecord(level) || !isWhole(level.count)) throw new CommunitiesFormatError(`${COMMUNITIES_JSON}: level ${l} has no "count"`);
    const size = wholeList(level.size, `level ${l}'s "size"`);
    const centre = Array.isArray(level.centre) && level.centre.every((x) => typeof x === 'number') ? (level.centre as number[]) : [];
    const name = Array.isArray(level.name) ? level.name.map((x) => (typeof x === 'string' ? x : '')) : [];
    const top = Array.isArray(level.top) ? level.top.map((list, c) => wholeList(list, `level ${l}'s "top" of community ${c}`)) : [];
    const colour = level.colour === undefined ? undefined : wholeList(level.colour, `level ${l}'s "colour"`);
    return {
      count: level.count,
      resolution: typeof level.resolution === 'number' ? level.resolution : null,
      modularity: typeof level.modularity === 'number' ? level.modularity : Number.NaN,
      unlinked: isWhole(level.unlinked) ? level.unlinked : null,
      ...(level.parent === undefined ? {} : { parent: wholeList(level.parent, `level ${l}'s "parent"`) }),
      ...(level.colour === undefined ? {} : { colour: wholeList(level.colour, `level ${l}'s "colour"`) }),
      size,
      centre,
      name,
      top,
      ...(colour && { colour }),
    };
  });
  return { format: COMMUNITIES_FORMAT, stars: parsed.stars, seed: typeof parsed.seed === 'number' ? parsed.seed : 0, levels };
}

/**
 * Every way the files disagree with themselves or the galaxy's `starCount` stars: each star in one
 * community of the finest level, each community's parent at the next level, sizes that add up.
 */
export function checkCommunities(file: CommunitiesJson, stars: Uint32Array, starCount: number): string[] {
  const problems: string[] = [];
  if (stars.length !== starCount) problems.push(`${COMMUNITIES_BIN} gives ${stars.length} stars a community, positions.bin has ${starCount}`);
  if (file.stars !== starCount) problems.push(`${COMMUNITIES_JSON} is for ${file.stars} stars, positions.bin has ${starCount}`);
  if (file.levels.length === 0) return [...problems, `${COMMUNITIES_JSON} has no levels`];
  let counted = new Float64Array(file.levels[0].count);
  let outOfRange = 0;
  for (const c of stars) {
    if (c < counted.length) counted[c]++;
    else outOfRange++;
  }
  if (outOfRange > 0) problems.push(`${COMMUNITIES_BIN}: ${outOfRange} stars have a community beyond the finest level's ${counted.length}`);
  file.levels.forEach((level, l) => {
    const last = l === file.levels.length - 1;
    for (const [key, length] of [['size', level.count], ['name', level.count], ['top', level.count], ['centre', level.count * 3]] as const) {
      if (level[key].length !== length) problems.push(`level ${l}: "${key}" has ${level[key].length} entries for ${level.count} communities`);
    }
    if (level.colour) {
      if (level.colour.length !== level.count) problems.push(`level ${l}: "colour" has ${level.colour.length} entries for ${level.count} communities`);
      const beyond = level.colour.filter((entry) => entry >= PALETTE_SIZE).length;
      if (beyond > 0) problems.push(`level ${l}: ${beyond} colours are beyond the palette's ${PALETTE_SIZE}`);
    }
    let mismatched = 0;
    for (let c = 0; c < level.count; c++) if (counted[c] !== level.size[c]) mismatched++;
    if (mismatched > 0) problems.push(`level ${l}: ${mismatched} communities have a size other than the stars they hold`);
    if (last) {
      if (level.parent) problems.push(`level ${l} is the top level but gives parents`);
      return;
    }
    const next = file.levels[l + 1];
    if (!level.parent || level.parent.length !== level.count) {
      problems.push(`level ${l}: "parent" does not give one parent per community`);
      return;
    }
    const coarser = new Float64Array(next.count);
    let badParents = 0;
    for (let c = 0; c < level.count; c++) {
      const parent = level.parent[c];
      if (parent < next.count) coarser[parent] += counted[c];
      else badParents++;
    }
    if (badParents > 0) problems.push(`level ${l}: ${badParents} parents are beyond level ${l + 1}'s ${next.count} communities`);
    counted = coarser;
  });
  return problems;
}

/** Each star's community at every level, finest first, following the parents. */
export function starMemberships(file: CommunitiesJson, stars: Uint32Array): Uint32Array[] {
  const memberships = [stars];
  for (let l = 0; l + 1 < file.levels.length; l++) {
    const parent = file.levels[l].parent ?? [];
    memberships.push(memberships[l].map((c) => parent[c] ?? 0));
  }
  return memberships;
}
