import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GraphData } from '../../data/graph';
import { labelAt } from '../../data/labelIndex';
import { TILES_FOLDER, TILE_INDEX_FILE } from '../../tiles/format/layout';
import { quantisationErrorBound } from '../../tiles/format/quantise';
import { TileDataError } from '../../tiles/format/tileError';
import { TiledGalaxyReader } from '../../tiles/format/tiledGalaxyReader';
import { COMMUNITIES_BIN, decodeCommunityStars } from '../../communities/format';

export interface TilesReport {
  tiles: number;
  levels: number;
  adjacencyShards: number;
  labelShards: number;
  /** Largest distance on any axis between a tile's position and positions.bin's. */
  maxPositionError: number;
  /** Whether the tiles carry their stars' communities (index.json's "communities"). */
  communities: boolean;
  /** Every way the tiles disagree with the classic files; empty when they are valid. */
  problems: string[];
}

const MAX_PROBLEMS = 20;

export function hasTiles(versionDir: string): boolean {
  return existsSync(path.join(versionDir, TILES_FOLDER, TILE_INDEX_FILE));
}

/**
 * Checks a version's tiles against its classic files as the viewer decodes them: every star in
 * exactly one tile, positions within the quantisation error, degrees, adjacency and names exact.
 */
export async function inspectTiles(versionDir: string, data: GraphData): Promise<TilesReport> {
  const folder = path.join(versionDir, TILES_FOLDER);
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(text);
    else if (problems.length === MAX_PROBLEMS) problems.push('(more problems not listed)');
  };
  const report: TilesReport = { tiles: 0, levels: 0, adjacencyShards: 0, labelShards: 0, maxPositionError: 0, communities: false, problems };
  let reader: TiledGalaxyReader;
  try {
    reader = await TiledGalaxyReader.open(async (file) => readFileSync(path.join(folder, file)));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    return report;
  }
  const { index, hierarchy } = reader;
  report.tiles = hierarchy.tileCount;
  report.levels = Math.max(...hierarchy.level) + 1;
  report.adjacencyShards = index.adjacency.starBoundaries.length - 1;
  report.labelShards = index.labels.starBoundaries.length - 1;
  const n = data.nodeCount;
  if (index.stars !== n) problem(`the tiles hold ${index.stars} stars, positions.bin ${n}`);
  if (index.links !== data.edgeCount) problem(`the tiles count ${index.links} links, links.bin ${data.edgeCount}`);
  let maxIn = 0;
  for (let c = 0; c < n; c++) maxIn = Math.max(maxIn, data.inOffsets[c + 1] - data.inOffsets[c]);
  if (index.maxInDegree !== maxIn) problem(`the tiles give the maximum in-degree as ${index.maxInDegree}, links.bin ${maxIn}`);
  if (index.stars !== n) return report;

  const classicOf = new Uint32Array(n);
  const seen = new Uint8Array(n);
  for (let tile = 0; tile < hierarchy.tileCount; tile++) {
    let decoded;
    try {
      decoded = await reader.tile(tile);
    } catch (error) {
      problem(error instanceof TileDataError ? error.message : String(error));
      continue;
    }
    const bound = quantisationErrorBound(hierarchy.boxes[tile * 6 + 3] - hierarchy.boxes[tile * 6]);
    for (let k = 0; k < decoded.count; k++) {
      const c = decoded.classicIds[k];
      const star = decoded.firstStar + k;
      if (c >= n) {
        problem(`star ${star} in tile ${tile} is classic id ${c}, beyond the ${n} stars`);
        continue;
      }
      if (seen[c]) problem(`classic star ${c} is stored twice (again as star ${star} in tile ${tile})`);
      seen[c] = 1;
      classicOf[star] = c;
      for (let axis = 0; axis < 3; axis++) {
        const error = Math.abs(decoded.positions[k * 3 + axis] - data.positions[c * 3 + axis]);
        report.maxPositionError = Math.max(report.maxPositionError, error);
        if (!(error <= bound)) problem(`star ${star} (classic ${c}) is ${error} off on axis ${'xyz'[axis]}, more than the bound ${bound}`);
      }
      if (decoded.inDegree[k] !== data.inOffsets[c + 1] - data.inOffsets[c] || decoded.outDegree[k] !== data.outOffsets[c + 1] - data.outOffsets[c]) {
        problem(`star ${star} (classic ${c}) has degrees in ${decoded.inDegree[k]} out ${decoded.outDegree[k]} in its tile, other than links.bin's`);
      }
    }
  }
  let missing = 0;
  for (let c = 0; c < n; c++) if (!seen[c]) missing++;
  if (missing > 0) problem(`${missing} stars of positions.bin are in no tile`);
  report.communities = index.communities !== undefined;
  await checkTileCommunities(versionDir, reader, classicOf, problem);

  for (let shard = 0; shard < report.adjacencyShards; shard++) {
    try {
      const adjacency = await reader.adjacency(shard);
      for (let k = 0; k < adjacency.count; k++) {
        const c = classicOf[adjacency.firstStar + k];
        const sameList = (offsets: Uint32Array, targets: Uint32Array, classicOffsets: Uint32Array, classicTargets: Uint32Array) => {
          if (offsets[k + 1] - offsets[k] !== classicOffsets[c + 1] - classicOffsets[c]) return false;
          for (let e = offsets[k], f = classicOffsets[c]; e < offsets[k + 1]; e++, f++) if (classicOf[targets[e]] !== classicTargets[f]) return false;
          return true;
        };
        if (!sameList(adjacency.outOffsets, adjacency.outTargets, data.outOffsets, data.outTargets)) {
          problem(`adjacency shard ${shard}: star ${adjacency.firstStar + k} (classic ${c}) has out-links other than links.bin's`);
        }
        if (!sameList(adjacency.inOffsets, adjacency.inTargets, data.inOffsets, data.inTargets)) {
          problem(`adjacency shard ${shard}: star ${adjacency.firstStar + k} (classic ${c}) has in-links other than links.bin's`);
        }
      }
    } catch (error) {
      problem(error instanceof Error ? error.message : String(error));
    }
  }

  for (let shard = 0; shard < report.labelShards; shard++) {
    try {
      const { firstStar, names } = await reader.labels(shard);
      for (let k = 0; k < names.length; k++) {
        if (names[k] !== labelAt(data, classicOf[firstStar + k])) {
          problem(`labels shard ${shard}: star ${firstStar + k} is named ${JSON.stringify(names[k])}, labels.json says ${JSON.stringify(labelAt(data, classicOf[firstStar + k]))}`);
        }
      }
    } catch (error) {
      problem(error instanceof Error ? error.message : String(error));
    }
  }
  return report;
}

/** The tiles' communities files against communities.bin: each tile's stars in their classic star's community. */
async function checkTileCommunities(versionDir: string, reader: TiledGalaxyReader, classicOf: Uint32Array, problem: (text: string) => void): Promise<void> {
  const file = path.join(versionDir, COMMUNITIES_BIN);
  const hasFile = existsSync(file);
  if (reader.index.communities === undefined) {
    if (hasFile) problem(`the version has ${COMMUNITIES_BIN} but its tiles carry no communities (run galaxy communities or galaxy tile again)`);
    return;
  }
  if (!hasFile) {
    problem(`tiles/index.json names communities files but the version has no ${COMMUNITIES_BIN}`);
    return;
  }
  let stars: Uint32Array;
  try {
    stars = decodeCommunityStars(readFileSync(file));
  } catch (error) {
    problem(error instanceof Error ? error.message : String(error));
    return;
  }
  if (stars.length !== classicOf.length) return; // inspectCommunities reports the length
  const firstStars = reader.tileFirstStars;
  for (let tile = 0; tile < reader.hierarchy.tileCount; tile++) {
    let communities: Uint32Array;
    try {
      communities = await reader.tileCommunities(tile);
    } catch (error) {
      problem(error instanceof Error ? error.message : String(error));
      continue;
    }
    let wrong = 0;
    for (let k = 0; k < communities.length; k++) if (communities[k] !== stars[classicOf[firstStars[tile] + k]]) wrong++;
    if (wrong > 0) problem(`${describeTile(reader, tile)}: ${wrong} stars have a community other than ${COMMUNITIES_BIN}'s`);
  }
}

function describeTile(reader: TiledGalaxyReader, tile: number): string {
  return `tile ${tile} (${reader.tileCommunitiesPath(tile) ?? ''})`;
}
